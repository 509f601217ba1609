package io.lockchaos.harness.explore;

import io.lockchaos.checker.Validity;
import io.lockchaos.faults.schedule.Schedule;
import io.lockchaos.faults.schedule.SchedulePlan;
import io.lockchaos.faults.schedule.ScheduledFault;
import io.lockchaos.faults.schedule.FaultSpec;
import io.lockchaos.harness.run.Lane;
import io.lockchaos.harness.run.Scenario;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Cuts a failing run down: the named workers it pauses or cuts off swapped for their lane's
 * lock holder, delta debugging over the schedule's steps, then each kept step's named workers
 * swapped for the holder again, then the numbers,
 * each halved while the failure stays (a step's duration, its start, the workers per lane, the
 * workload's length). A duration whose half no longer fails is then tried once at three
 * quarters, halfway between the half that passed and the length that fails. A candidate runs
 * up to {@code tries} times and fails when at least {@code minFails} runs have {@code check}
 * invalid; it stops early once that is settled.
 */
public final class Shrinker {

    /** Starts and durations are not halved below this. */
    static final Duration FLOOR = Duration.ofMillis(500);

    private final Trials trials;
    private final String check;
    private final int tries;
    private final int minFails;
    private final Consumer<ShrinkStep> tried;
    private final List<ShrinkStep> steps = new ArrayList<>();

    /**
     * @param trials makes each run
     * @param check the check whose invalid verdict is the failure kept
     * @param tries runs per candidate at most
     * @param minFails failing runs that make a candidate fail
     * @param tried told of each candidate once it is settled
     */
    public Shrinker(Trials trials, String check, int tries, int minFails, Consumer<ShrinkStep> tried) {
        checkTries(tries, minFails);
        this.trials = trials;
        this.check = check;
        this.tries = tries;
        this.minFails = minFails;
        this.tried = tried;
    }

    /**
     * Refuses a count of runs that cannot work: {@code 1 <= minFails <= tries}.
     *
     * @throws ExploreException naming both options
     */
    public static void checkTries(int tries, int minFails) {
        if (tries < 1 || minFails < 1 || minFails > tries) {
            throw new ExploreException("--tries is " + tries + " and --min-fails " + minFails
                    + "; give 1 <= min-fails <= tries");
        }
    }

    /**
     * The result: the smallest failing scenario found, and every candidate tried in order.
     *
     * @param reproduced whether the starting scenario failed at all (if not, nothing was shrunk)
     * @param scenario the smallest failing scenario (the start when it did not reproduce)
     * @param last the final failing candidate (its runs show what {@code scenario} does)
     * @param steps every candidate tried
     */
    public record Result(boolean reproduced, Scenario scenario, ShrinkStep last, List<ShrinkStep> steps) {
    }

    /**
     * Shrinks {@code start}, whose schedule is a script. Before the delta debugging, every
     * named worker the schedule pauses or cuts off is aimed at its lane's lock holder (kept if
     * that fails): a random draw that hit a holder by luck reproduces only now and then, the
     * alias hits it every time. That is also the second chance of a run as recorded that does
     * not fail again.
     */
    public Result shrink(Scenario start) {
        ShrinkStep first = attempt("the run as recorded", start);
        Best best = first.failing() ? new Best(start, first) : null;
        Scenario aimed = withSteps(start, schedule(start).steps().stream().map(f -> atHolders(start, f)).toList());
        if (!aimed.schedule().equals(start.schedule())) {
            ShrinkStep step = attempt("every paused or cut-off worker aimed at its lane's lock holder", aimed);
            best = step.failing() ? new Best(aimed, step) : best;
        }
        if (best == null) {
            return new Result(false, start, first, steps);
        }
        Scenario from = best.scenario();
        java.util.Map<String, ShrinkStep> failing = new java.util.HashMap<>();
        List<ScheduledFault> kept = DeltaDebugging.minimize(schedule(from).steps(), sub -> {
            ShrinkStep step = attempt(dropped(from, sub), withSteps(from, sub));
            if (step.failing()) {
                failing.put(step.schedule(), step);
            }
            return step.failing();
        });
        Scenario cut = withSteps(from, kept);
        if (failing.containsKey(cut.schedule().text())) {
            best = new Best(cut, failing.get(cut.schedule().text()));
        }
        for (int i = 0; i < kept.size(); i++) {
            int at = i;
            best = whileFailing(best, "step " + (i + 1) + " aimed at the lock holder", s -> step(s, at, f -> atHolders(s, f)));
            best = whileFailing(best, "step " + (i + 1) + "'s duration", s -> step(s, at, f -> f.duration()
                    .map(d -> new ScheduledFault(f.at(), f.fault(), Optional.of(half(d)))).orElse(f)));
            best = once(best, "step " + (i + 1) + "'s duration, a quarter off", s -> step(s, at, f -> f.duration()
                    .map(d -> new ScheduledFault(f.at(), f.fault(), Optional.of(threeQuarters(d)))).orElse(f)));
            best = whileFailing(best, "step " + (i + 1) + "'s start", s -> step(s, at,
                    f -> new ScheduledFault(half(f.at()), f.fault(), f.duration())));
        }
        best = whileFailing(best, "workers per lane", s -> s.workers() > 1 ? s.withWorkers(s.workers() - 1) : s);
        best = whileFailing(best, "workload length", s -> s.withDuration(shorter(s)));
        return new Result(true, best.scenario(), best.step(), steps);
    }

    /** Applies {@code change} to the best so far while the result still fails and still changes. */
    private Best whileFailing(Best best, String what, UnaryOperator<Scenario> change) {
        return whileFailing(best, what, change, Integer.MAX_VALUE);
    }

    /** Applies {@code change} to the best so far once, kept if the result still fails. */
    private Best once(Best best, String what, UnaryOperator<Scenario> change) {
        return whileFailing(best, what, change, 1);
    }

    private Best whileFailing(Best best, String what, UnaryOperator<Scenario> change, int times) {
        for (int n = 0; n < times; n++) {
            Scenario next = change.apply(best.scenario());
            if (next.equals(best.scenario())) {
                return best;
            }
            ShrinkStep step = attempt(what + ": " + describe(best.scenario(), next), next);
            if (!step.failing()) {
                return best;
            }
            best = new Best(next, step);
        }
        return best;
    }

    /** The smallest failing scenario so far and the candidate that showed it fail. */
    private record Best(Scenario scenario, ShrinkStep step) {
    }

    /** Runs {@code s} until {@code minFails} failures, or until that many can no longer come. */
    private ShrinkStep attempt(String what, Scenario s) {
        List<Trial> runs = new ArrayList<>();
        int failed = 0;
        while (runs.size() < tries && failed < minFails && failed + tries - runs.size() >= minFails) {
            Trial t = trials.run(s);
            runs.add(t);
            failed += t.carriedOut() && t.verdict(check) == Validity.INVALID ? 1 : 0;
        }
        ShrinkStep step = new ShrinkStep(what, s.schedule().text(), s.workers(), s.duration().toMillis(), runs,
                failed >= minFails);
        steps.add(step);
        tried.accept(step);
        return step;
    }

    static Schedule schedule(Scenario s) {
        if (!(s.schedule() instanceof SchedulePlan.Scripted played)) {
            throw new IllegalArgumentException(s.name() + ": only a played schedule shrinks, not '" + s.schedule().oneLine() + "'");
        }
        return played.schedule();
    }

    private static Scenario withSteps(Scenario s, List<ScheduledFault> kept) {
        return s.withSchedule(new SchedulePlan.Scripted(new Schedule(kept)));
    }

    private static String dropped(Scenario s, List<ScheduledFault> kept) {
        List<ScheduledFault> all = schedule(s).steps();
        List<String> numbers = new ArrayList<>();
        for (ScheduledFault f : kept) {
            numbers.add(String.valueOf(all.indexOf(f) + 1));
        }
        return kept.isEmpty() ? "no steps at all" : "steps " + String.join(", ", numbers) + " of " + all.size() + " only";
    }

    private static Scenario step(Scenario s, int index, UnaryOperator<ScheduledFault> change) {
        List<ScheduledFault> all = new ArrayList<>(schedule(s).steps());
        ScheduledFault before = all.get(index);
        ScheduledFault after = change.apply(before);
        if (after.equals(before)) {
            return s;
        }
        all.set(index, after);
        return withSteps(s, all);
    }

    /**
     * {@code f} with each named worker it pauses or cuts off replaced by its lane's
     * {@code holder-<lane>}: a worker named by a random draw held the lock at that moment by
     * luck, the holder alias makes the kept step hit a holder every time.
     */
    static ScheduledFault atHolders(Scenario s, ScheduledFault f) {
        FaultSpec aimed = f.fault().renameWorkers(targets -> targets.stream().map(t -> s.lanes().stream()
                .filter(l -> l.workerNames().contains(t)).map(Lane::holderAlias).findFirst().orElse(t))
                .distinct().toList());
        return aimed.equals(f.fault()) ? f : new ScheduledFault(f.at(), aimed, f.duration());
    }

    /** Half of {@code d}, rounded to 100 ms, but not below {@link #FLOOR}; {@code d} itself when already there. */
    static Duration half(Duration d) {
        long ms = Math.max(FLOOR.toMillis(), Math.round(d.toMillis() / 200.0) * 100);
        return ms >= d.toMillis() ? d : Duration.ofMillis(ms);
    }

    /** Three quarters of {@code d}, rounded to 100 ms, but not below {@link #FLOOR}; {@code d} itself when already there. */
    static Duration threeQuarters(Duration d) {
        long ms = Math.max(FLOOR.toMillis(), Math.round(d.toMillis() * 0.75 / 100.0) * 100);
        return ms >= d.toMillis() ? d : Duration.ofMillis(ms);
    }

    /** Half the workload, but not shorter than the schedule's end plus a second. */
    static Duration shorter(Scenario s) {
        Duration floor = schedule(s).end().plusSeconds(1);
        Duration half = half(s.duration());
        return half.compareTo(floor) < 0 ? (floor.compareTo(s.duration()) < 0 ? floor : s.duration()) : half;
    }

    private static String describe(Scenario before, Scenario after) {
        if (before.workers() != after.workers()) {
            return before.workers() + " → " + after.workers();
        }
        if (!before.duration().equals(after.duration())) {
            return before.duration().toMillis() + " ms → " + after.duration().toMillis() + " ms";
        }
        return before.schedule().oneLine() + " → " + after.schedule().oneLine();
    }
}
