package io.lockchaos.faults.schedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * A seeded random schedule whose faults last around the lock's own {@link Timescale}s, so that a
 * run tries both a fault the lock survives and one that outlasts its grant. Faults follow one
 * another, each after a gap of 0.2 to 0.6 of the shortest timescale (at least half a second). For
 * each fault, one timescale and one {@link Band} are drawn among those that still fit before the
 * run ends, then its length within the band; then, half the time when the menu has a lane's
 * holder ({@link FaultMenu#holders()}), a kind that can aim at one, aimed at a holder (a lease
 * fails where its holder stops, and a holder is what a random name rarely hits); else a kind
 * among the menu's, aimed at its other names. A clock bump steps the clock by that length, forward or back, for that length. The
 * same seed, length, timescales and menu give the same schedule.
 */
public final class TimedSchedule {

    /** How long a fault lasts against a timescale: a factor drawn between {@code low} and {@code high}. */
    public enum Band {
        /** About half: a grant should survive it. */
        BELOW(0.4, 0.6),
        /** Within 10 % either side: the edge. */
        NEAR(0.9, 1.1),
        /** 1.5 to 3 times: a grant cannot outlive it unless something renews it. */
        ABOVE(1.5, 3.0);

        private final double low;
        private final double high;

        Band(double low, double high) {
            this.low = low;
            this.high = high;
        }

        /** {@code below (0.4-0.6x)}, for summaries. */
        public String words() {
            return name().toLowerCase(java.util.Locale.ROOT) + " (" + low + "-" + high + "x)";
        }
    }

    private static final long MIN_GAP_MS = 500;
    private static final long GRAIN_MS = 100;

    private TimedSchedule() {
    }

    /** A schedule over a run of {@code length}, its faults drawn around {@code scales} (not empty) from {@code menu}. */
    public static Schedule generate(long seed, Duration length, List<Timescale> scales, FaultMenu menu) {
        if (scales.isEmpty()) {
            throw new IllegalArgumentException("a timed schedule needs at least one timescale");
        }
        List<FaultKind> kinds = menu.offered().keySet().stream().filter(FaultKind::drawn).toList();
        if (kinds.isEmpty()) {
            return Schedule.empty();
        }
        SplittableRandom random = new SplittableRandom(seed);
        long shortest = scales.stream().mapToLong(s -> s.length().toMillis()).min().orElseThrow();
        List<ScheduledFault> steps = new ArrayList<>();
        long at = gap(random, shortest);
        while (true) {
            long remaining = length.toMillis() - at;
            Optional<Long> lasts = length(random, scales, remaining);
            if (lasts.isEmpty()) {
                break;
            }
            FaultSpec fault = fault(random, kinds, menu, lasts.get());
            steps.add(new ScheduledFault(Duration.ofMillis(at), fault, Optional.of(Duration.ofMillis(lasts.get()))));
            at += lasts.get() + gap(random, shortest);
        }
        return new Schedule(steps);
    }

    /** A fault's length: a timescale and a band drawn among those whose shortest length fits in {@code remaining}. */
    private static Optional<Long> length(SplittableRandom random, List<Timescale> scales, long remaining) {
        List<long[]> fitting = new ArrayList<>();
        for (Timescale scale : scales) {
            for (Band band : Band.values()) {
                long low = grain(scale.length().toMillis() * band.low);
                long high = grain(scale.length().toMillis() * band.high);
                if (low >= GRAIN_MS && low <= remaining) {
                    fitting.add(new long[] {low, Math.min(high, remaining)});
                }
            }
        }
        if (fitting.isEmpty()) {
            return Optional.empty();
        }
        long[] range = fitting.get(random.nextInt(fitting.size()));
        return Optional.of(range[0] + grain(random.nextLong(range[1] - range[0] + 1)));
    }

    /**
     * One fault: half the time, when some of {@code kinds} can aim at a lane's holder, a kind
     * among those aimed at a holder; else a kind among all, aimed at the names that are not
     * holders (or at every name it offers, when it offers no other).
     */
    private static FaultSpec fault(SplittableRandom random, List<FaultKind> kinds, FaultMenu menu, long lastsMs) {
        List<FaultKind> atHolders = kinds.stream()
                .filter(k -> menu.offered(k).stream().anyMatch(menu.holders()::contains)).toList();
        boolean aimAtHolder = !atHolders.isEmpty() && random.nextBoolean();
        FaultKind kind = aimAtHolder ? atHolders.get(random.nextInt(atHolders.size())) : kinds.get(random.nextInt(kinds.size()));
        List<String> names = menu.offered(kind);
        List<String> holders = names.stream().filter(menu.holders()::contains).toList();
        List<String> others = names.stream().filter(n -> !menu.holders().contains(n)).toList();
        List<String> aimed = aimAtHolder ? holders : others.isEmpty() ? names : others;
        List<FaultKind.Draw> draws = kind.draws(aimed);
        FaultSpec fault = draws.get(random.nextInt(draws.size())).apply(random);
        if (fault instanceof FaultSpec.ClockBump bump) {
            Duration step = Duration.ofMillis(lastsMs);
            return new FaultSpec.ClockBump(bump.targets(), random.nextBoolean() ? step : step.negated());
        }
        return fault;
    }

    private static long gap(SplittableRandom random, long shortestMs) {
        return Math.max(MIN_GAP_MS, grain(shortestMs * (0.2 + 0.4 * random.nextDouble())));
    }

    /** {@code ms} down to a whole number of tenths of a second, so that scripts read {@code 12.3s}-like. */
    private static long grain(double ms) {
        return (long) (ms / GRAIN_MS) * GRAIN_MS;
    }
}
