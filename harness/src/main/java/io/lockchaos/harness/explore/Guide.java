package io.lockchaos.harness.explore;

import io.lockchaos.faults.schedule.FaultKind;
import io.lockchaos.faults.schedule.FaultSpec;
import io.lockchaos.faults.schedule.SchedulePlan;
import io.lockchaos.faults.schedule.Schedule;
import io.lockchaos.faults.schedule.ScheduledFault;
import io.lockchaos.faults.schedule.Timescale;
import io.lockchaos.harness.run.Lane;
import io.lockchaos.harness.run.Scenario;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The guided search's choice of each run's schedule. Run 0, and any run before one came near a
 * failure, draws from the random line as {@code --strategy random} does. Near means a margin
 * below what a hold with no fault leaves (the lock's shortest term less the think time) by a
 * fifth of the term: above that, margins differ by scheduling noise, and mutating such a run
 * only plays it again. After that, one run in
 * {@value #FRESH_ONE_IN} still draws afresh; the others take a parent among the
 * {@value #PARENTS} near runs so far with the smallest margins ({@link Margin}: closest to a lease
 * failure; the closest twice as likely as the third) and change its played script by one or two
 * mutations:
 * <ul>
 *   <li><b>lengthen</b> a step: one shorter than the lock's shortest term to 1.1–2 times the term,
 *       a longer one by 1.2–1.8 times (a clock bump's step with it);</li>
 *   <li><b>shift</b> a step by up to 0.3 of the term either way;</li>
 *   <li><b>retarget</b> a pause or starvation: to the {@code holder-<lane>} of the lane whose hold
 *       came closest (it lands in a critical section by construction); a step aimed there already
 *       is lengthened instead; without a lane to go by, to that hold's worker, else to another of
 *       the lanes' workers or holders;</li>
 *   <li><b>combine</b> with the second parent: the parent's steps before a cut, the other's after.</li>
 * </ul>
 * The step changed is the one whose time covers the closest hold's grant, else the one that
 * starts nearest before it, else one drawn. A result some run already played (a lengthening
 * capped by the run's end, a combine that kept none of the other's steps) has that step shifted,
 * up to {@value #RETRIES} times, until it is new. Every step ends before the run does. The result is
 * a plain script, which the run's scenario.json records, so {@code replay} and {@code shrink}
 * play it as it is. Run i draws from {@code new SplittableRandom(firstSeed + i)} mixed with a
 * constant: the same seed and the same margins give the same schedules.
 */
final class Guide {

    /** How many of the runs with the smallest margins may be parents. */
    static final int PARENTS = 3;
    /** One run in this many draws a fresh random schedule even when there are parents. */
    static final int FRESH_ONE_IN = 4;
    /** How many more shifts a mutation gets when it gives a script some run already played. */
    static final int RETRIES = 3;
    private static final long GRAIN_MS = 100;
    private static final long MIX = 0x9E3779B97F4A7C15L;

    private final SchedulePlan randomLine;
    private final Duration term;
    private final Duration length;
    /** A parent must have come closer than this: its lease's left-over below what a hold with no fault leaves, by a fifth of the term. */
    private final double nearMs;
    private final List<String> workers;
    private final List<String> holders;
    /** Each worker's lane's {@code holder-<lane>}. */
    private final java.util.Map<String, String> holderOf = new java.util.HashMap<>();

    /**
     * @param scenario the scenario explored, for its run length, lanes and lock's timescales
     * @param randomLine the line a fresh run draws from
     */
    Guide(Scenario scenario, SchedulePlan randomLine) {
        this.randomLine = randomLine;
        this.term = scenario.lock().timescales().stream().map(Timescale::length).min(Duration::compareTo)
                .orElse(Duration.ofSeconds(4));
        this.length = scenario.duration();
        this.nearMs = term.toMillis() - scenario.think().toMillis() - term.toMillis() / 5.0;
        this.workers = scenario.lanes().stream().flatMap(l -> l.workerNames().stream()).toList();
        this.holders = scenario.lanes().stream().map(Lane::holderAlias).toList();
        scenario.lanes().forEach(l -> l.workerNames().forEach(w -> holderOf.put(w, l.holderAlias())));
    }

    /**
     * Run {@code index}'s schedule and where it came from, given the runs {@code done} before it.
     *
     * @param firstSeed the exploration's first seed
     */
    Pick next(long firstSeed, int index, List<ExploreRun> done) {
        SplittableRandom random = new SplittableRandom((firstSeed + index) * MIX + 1);
        List<ExploreRun> parents = done.stream()
                .filter(r -> r.trial().carriedOut() && r.trial().margin().isPresent() && !steps(r).isEmpty()
                        && r.trial().margin().orElseThrow().ms() < nearMs)
                .sorted(Comparator.comparingDouble((ExploreRun r) -> r.trial().margin().orElseThrow().ms())
                        .thenComparingInt(ExploreRun::index))
                .limit(PARENTS).toList();
        if (parents.isEmpty() || random.nextInt(FRESH_ONE_IN) == 0) {
            return new Pick(randomLine, "random");
        }
        int rank = rank(random, parents.size());
        ExploreRun parent = parents.get(rank);
        Margin margin = parent.trial().margin().orElseThrow();
        List<ScheduledFault> steps = new ArrayList<>(steps(parent));
        List<String> done1 = new ArrayList<>();
        int mutations = 1 + random.nextInt(2);
        for (int m = 0; m < mutations; m++) {
            int kind = random.nextInt(parents.size() > 1 ? 4 : 3);
            int at = aimed(random, steps, margin);
            switch (kind) {
                case 0 -> {
                    steps.set(at, lengthen(random, steps.get(at)));
                    done1.add("lengthen step " + (at + 1));
                }
                case 1 -> {
                    steps.set(at, shift(random, steps.get(at)));
                    done1.add("shift step " + (at + 1));
                }
                case 2 -> {
                    Optional<ScheduledFault> moved = retarget(random, steps.get(at), margin);
                    if (moved.isPresent()) {
                        steps.set(at, moved.get());
                        done1.add("retarget step " + (at + 1) + " to " + String.join(",", moved.get().fault().targets()));
                    } else {
                        steps.set(at, lengthen(random, steps.get(at)));
                        done1.add("lengthen step " + (at + 1));
                    }
                }
                default -> {
                    ExploreRun other = parents.get(rank == 0 ? 1 : 0);
                    steps = combine(random, steps, steps(other));
                    done1.add("combine with run " + other.index());
                }
            }
            if (steps.isEmpty()) {
                break;
            }
        }
        String script = new Schedule(steps).script();
        Set<String> played = new java.util.HashSet<>();
        done.forEach(r -> played.add(new Schedule(steps(r)).script()));
        for (int again = 0; again < RETRIES && played.contains(script) && !steps.isEmpty(); again++) {
            // A lengthening capped by the run's end, a combine that kept none of the other's steps: play something new.
            int at = aimed(random, steps, margin);
            steps.set(at, shift(random, steps.get(at)));
            done1.add("shift step " + (at + 1));
            script = new Schedule(steps).script();
        }
        String origin = String.format(java.util.Locale.ROOT, "run %d (%s): %s", parent.index(), margin.words(),
                String.join(", ", done1));
        return new Pick(steps.isEmpty() ? randomLine : new SchedulePlan.Scripted(new Schedule(steps)),
                steps.isEmpty() ? "random" : origin);
    }

    /**
     * A run's schedule and where it came from.
     *
     * @param schedule a {@code random} line or a script
     * @param origin {@code random}, or the parent run, its margin and the mutations
     */
    record Pick(SchedulePlan schedule, String origin) {
    }

    /** 0 twice as likely as the last of {@code n} ranks (weights n, n-1, ..., 1). */
    private static int rank(SplittableRandom random, int n) {
        int draw = random.nextInt(n * (n + 1) / 2);
        for (int r = 0; r < n; r++) {
            draw -= n - r;
            if (draw < 0) {
                return r;
            }
        }
        return n - 1;
    }

    /** The steps of a run's played script; none when it played none (a random line never drawn). */
    static List<ScheduledFault> steps(ExploreRun run) {
        return run.trial().schedule() instanceof SchedulePlan.Scripted played ? played.schedule().steps() : List.of();
    }

    /** The step whose time covers the closest hold's grant, else the last one before it, else one drawn. */
    private static int aimed(SplittableRandom random, List<ScheduledFault> steps, Margin margin) {
        if (margin.atMs().isPresent()) {
            long at = margin.atMs().getAsLong();
            int before = -1;
            for (int i = 0; i < steps.size(); i++) {
                long start = steps.get(i).at().toMillis();
                long end = start + steps.get(i).duration().map(Duration::toMillis).orElse(0L);
                if (start <= at && at <= end) {
                    return i;
                }
                if (start <= at) {
                    before = i;
                }
            }
            if (before >= 0) {
                return before;
            }
        }
        return random.nextInt(steps.size());
    }

    private ScheduledFault lengthen(SplittableRandom random, ScheduledFault step) {
        Duration d = step.duration().orElse(term);
        long ms = d.compareTo(term) < 0 ? Math.round(term.toMillis() * (1.1 + 0.9 * random.nextDouble()))
                : Math.round(d.toMillis() * (1.2 + 0.6 * random.nextDouble()));
        long room = length.toMillis() - step.at().toMillis();
        long lasts = Math.max(GRAIN_MS, grain(Math.min(ms, room)));
        FaultSpec fault = step.fault() instanceof FaultSpec.ClockBump bump
                ? new FaultSpec.ClockBump(bump.targets(), bump.offset().isNegative()
                        ? Duration.ofMillis(-lasts) : Duration.ofMillis(lasts))
                : step.fault();
        return new ScheduledFault(step.at(), fault, Optional.of(Duration.ofMillis(lasts)));
    }

    /** {@code step} moved by 0.1 s to 0.3 of the term, earlier or later; the other way when that would leave the run. */
    private ScheduledFault shift(SplittableRandom random, ScheduledFault step) {
        long by = Math.round(term.toMillis() * 0.3 * (2 * random.nextDouble() - 1));
        by = by < 0 ? Math.min(-GRAIN_MS, by) : Math.max(GRAIN_MS, by);
        long lasts = step.duration().map(Duration::toMillis).orElse(0L);
        long latest = Math.max(0, length.toMillis() - lasts);
        long from = step.at().toMillis();
        long to = from + by >= 0 && from + by <= latest ? from + by : from - by; // off either end: the other way
        long at = grain(Math.max(0, Math.min(to, latest)));
        return new ScheduledFault(Duration.ofMillis(at), step.fault(), step.duration());
    }

    /**
     * A pause or starvation aimed at the closest hold's lane's holder, else (no hold to go by) at
     * another worker or holder alias; empty for other kinds, and for a step already aimed at that
     * holder, which stays there (the alias lands in whoever holds; a named worker rarely is: two
     * retargets from the holder to a worker, in the explorations of 2026-12-06, both missed).
     */
    private Optional<ScheduledFault> retarget(SplittableRandom random, ScheduledFault step, Margin margin) {
        FaultKind kind = step.fault().kind();
        if (!Lane.DRAWN_AT_HOLDERS.contains(kind)) {
            return Optional.empty();
        }
        List<String> now = step.fault().targets();
        Optional<String> lanesHolder = margin.worker().map(holderOf::get);
        String to;
        if (lanesHolder.isPresent() && now.equals(List.of(lanesHolder.get()))) {
            return Optional.empty();
        } else if (lanesHolder.isPresent()) {
            to = lanesHolder.get();
        } else if (margin.worker().isPresent() && !now.equals(List.of(margin.worker().get()))) {
            to = margin.worker().get();
        } else {
            Set<String> names = new LinkedHashSet<>(workers);
            names.addAll(holders);
            List<String> others = names.stream().filter(n -> !now.equals(List.of(n))).toList();
            if (others.isEmpty()) {
                return Optional.empty();
            }
            to = others.get(random.nextInt(others.size()));
        }
        return Optional.of(new ScheduledFault(step.at(), step.fault().renameWorkers(t -> List.of(to)), step.duration()));
    }

    /** {@code mine}'s steps before a cut, then {@code theirs}' that start after both the cut and the last kept step's end. */
    private List<ScheduledFault> combine(SplittableRandom random, List<ScheduledFault> mine, List<ScheduledFault> theirs) {
        long cut = grain(random.nextLong(Math.max(1, length.toMillis())));
        List<ScheduledFault> out = new ArrayList<>();
        long free = cut;
        for (ScheduledFault s : mine) {
            if (s.at().toMillis() < cut) {
                out.add(s);
                free = Math.max(free, s.at().toMillis() + s.duration().map(Duration::toMillis).orElse(length.toMillis()));
            }
        }
        for (ScheduledFault s : theirs) {
            if (s.at().toMillis() >= free) {
                out.add(s);
                free = s.at().toMillis() + s.duration().map(Duration::toMillis).orElse(length.toMillis());
            }
        }
        return out.isEmpty() ? mine : out;
    }

    private static long grain(long ms) {
        return ms / GRAIN_MS * GRAIN_MS;
    }
}
