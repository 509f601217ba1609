package io.lockchaos.harness.explore;

import io.lockchaos.faults.schedule.FaultKind;
import io.lockchaos.faults.schedule.SchedulePlan;
import io.lockchaos.faults.schedule.Timescale;
import io.lockchaos.faults.schedule.TimedSchedule;
import io.lockchaos.harness.run.Lane;
import io.lockchaos.harness.run.Scenario;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * How an exploration times its faults: around the scenario's lock's own timescales
 * ({@code random around ttl=10s}: below, near and above each, so a run tries both a fault the lock
 * survives and one that outlasts it), or, when the user gives {@code --every} or the lock has no
 * timescale, a fault every interval lasting half of it to all of it. The kinds are those of
 * {@code --faults}, else those of the scenario's own schedule (an exploration of
 * {@code curator-clock-skew} varies clock faults, the question that scenario asks), else every
 * kind the topology offers (a scenario without faults).
 *
 * @param plan the random plan each run draws from
 * @param timescales the lock's timescales it draws around; empty for a fault every interval
 * @param drawing how durations are drawn, in words, for the summary
 */
public record FaultTiming(SchedulePlan plan, List<Timescale> timescales, String drawing) {

    /** The interval when neither {@code --every} nor the lock gives one. */
    public static final String DEFAULT_EVERY = "4s";

    public FaultTiming {
        timescales = List.copyOf(timescales);
        if (plan.randomLine().isEmpty()) {
            throw new IllegalArgumentException("an exploration draws its schedules; got a script");
        }
    }

    /**
     * The timing of an exploration of {@code scenario}: a fault every {@code every} when given,
     * else around its lock's timescales, else every {@value #DEFAULT_EVERY}; kinds from {@code kindWords}.
     *
     * @throws ExploreException naming {@code --every/--faults} when either is wrong
     */
    public static FaultTiming of(Scenario scenario, Optional<String> every, List<String> kindWords) {
        java.util.function.Function<String, RuntimeException> error =
                problem -> new ExploreException("--every/--faults: " + problem);
        List<String> own = ownKinds(scenario.schedule());
        List<String> kinds = kindWords.isEmpty() ? own : kindWords;
        String which = !kindWords.isEmpty() ? "; kinds " + String.join(", ", kindWords) + " (--faults)"
                : own.isEmpty() ? "; every kind the topology offers (the scenario's own schedule has no fault)"
                : "; kinds " + String.join(", ", own) + ", those of " + scenario.name()
                        + "'s own schedule (--faults draws others)";
        if (every.isPresent()) {
            return new FaultTiming(SchedulePlan.Random.read(every.get(), kinds, error), List.of(),
                    "a fault every " + every.get() + " (--every), lasting half of it to all of it" + which);
        }
        List<Timescale> scales = scenario.lock().timescales();
        if (scales.isEmpty()) {
            return new FaultTiming(SchedulePlan.Random.read(DEFAULT_EVERY, kinds, error), List.of(),
                    "a fault every " + DEFAULT_EVERY + ", lasting half of it to all of it: nothing times "
                            + scenario.lock().backend() + "'s grants but its connection, so there is no timescale"
                            + " to draw around" + which);
        }
        List<String> words = Arrays.stream(TimedSchedule.Band.values()).map(TimedSchedule.Band::words).toList();
        String bands = String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.get(words.size() - 1);
        return new FaultTiming(SchedulePlan.Timed.read(scales, kinds, error), scales,
                "faults one after another, each lasting " + bands + " one of " + scenario.lock().backend()
                        + "'s timescales, drawn among those that fit before the run ends; a clock bump steps by"
                        + " that length" + (aimsAtHolders(kinds)
                                ? "; half the faults are pauses or starvations of a lane's holder (holder-<lane>)" : "")
                        + which);
    }

    /** Whether the kinds drawn (empty: every kind) include one a drawn schedule aims at a holder. */
    private static boolean aimsAtHolders(List<String> kinds) {
        return kinds.isEmpty() || Lane.DRAWN_AT_HOLDERS.stream().anyMatch(k -> kinds.contains(k.word()));
    }

    /**
     * The drawn kinds of faults {@code plan} plays, in the order kinds are listed: a script's
     * steps' kinds, a random line's kinds; empty for no fault (or a line that draws every kind).
     */
    static List<String> ownKinds(SchedulePlan plan) {
        java.util.Set<FaultKind> kinds;
        if (plan instanceof SchedulePlan.Scripted s) {
            kinds = s.schedule().steps().stream().map(step -> step.fault().kind()).collect(java.util.stream.Collectors.toSet());
        } else if (plan instanceof SchedulePlan.Random r) {
            kinds = r.kinds();
        } else {
            kinds = ((SchedulePlan.Timed) plan).kinds();
        }
        return FaultKind.drawable().stream().filter(kinds::contains).map(FaultKind::word).toList();
    }

    /** The {@code random} line each run's schedule is drawn from. */
    public String line() {
        return plan.randomLine().orElseThrow();
    }
}
