package io.lockchaos.faults.schedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A seeded random schedule for exploration: every {@code interval}, one fault with targets
 * drawn from what the {@link FaultMenu} offers, lasting between half an interval and a whole
 * one, so faults do not overlap. The same seed, length, interval and menu give the same
 * schedule, which is what makes a random run replayable.
 */
public final class RandomSchedule {

    private RandomSchedule() {
    }

    public static Schedule generate(long seed, Duration length, Duration interval, FaultMenu menu) {
        if (interval.isZero() || interval.isNegative()) {
            throw new IllegalArgumentException("the interval between faults must be positive, got " + interval);
        }
        List<FaultKind.Draw> choices = choices(menu);
        if (choices.isEmpty()) {
            return Schedule.empty();
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<ScheduledFault> steps = new ArrayList<>();
        long intervalMs = interval.toMillis();
        for (long at = intervalMs; at + intervalMs <= length.toMillis(); at += intervalMs) {
            FaultSpec fault = choices.get(random.nextInt(choices.size())).apply(random);
            long lasts = intervalMs / 2 + random.nextLong(intervalMs / 2 + 1);
            steps.add(new ScheduledFault(Duration.ofMillis(at), fault,
                    java.util.Optional.of(Duration.ofMillis(Math.max(1, lasts)))));
        }
        return new Schedule(steps);
    }

    /** Every way of drawing a fault that the menu offers, kind by kind in {@link FaultKind}'s order. */
    private static List<FaultKind.Draw> choices(FaultMenu menu) {
        List<FaultKind.Draw> choices = new ArrayList<>();
        menu.offered().forEach((kind, names) -> choices.addAll(kind.draws(names)));
        return choices;
    }
}
