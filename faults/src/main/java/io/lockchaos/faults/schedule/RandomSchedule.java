package io.lockchaos.faults.schedule;

import io.lockchaos.faults.schedule.FaultSpec.FailoverMethod;
import io.lockchaos.faults.schedule.FaultSpec.PartitionShape;
import io.lockchaos.faults.schedule.FaultSpec.ToxicKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

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
        List<Function<SplittableRandom, FaultSpec>> choices = choices(menu);
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

    private static List<Function<SplittableRandom, FaultSpec>> choices(FaultMenu menu) {
        List<Function<SplittableRandom, FaultSpec>> choices = new ArrayList<>();
        if (!menu.pausable().isEmpty()) {
            choices.add(r -> new FaultSpec.Pause(List.of(pick(r, menu.pausable()))));
        }
        if (!menu.clockSkewable().isEmpty()) {
            choices.add(r -> new FaultSpec.ClockBump(List.of(pick(r, menu.clockSkewable())),
                    Duration.ofSeconds((r.nextBoolean() ? 1 : -1) * (1 + r.nextInt(300)))));
        }
        if (!menu.killable().isEmpty()) {
            choices.add(r -> new FaultSpec.Kill(List.of(pick(r, menu.killable()))));
        }
        if (!menu.partitionable().isEmpty()) {
            choices.add(r -> new FaultSpec.Partition(PartitionShape.ISOLATE,
                    List.of(pick(r, menu.partitionable()))));
            if (menu.partitionable().size() >= 3) {
                choices.add(r -> new FaultSpec.Partition(PartitionShape.HALVES, List.of()));
            }
        }
        if (!menu.proxied().isEmpty()) {
            choices.add(r -> new FaultSpec.LinkToxic(ToxicKind.LATENCY, List.of(pick(r, menu.proxied())),
                    Duration.ofMillis(50 + r.nextInt(950)), Duration.ofMillis(r.nextInt(100)), 0));
        }
        if (menu.failover()) {
            choices.add(r -> new FaultSpec.Failover(FailoverMethod.values()[r.nextInt(FailoverMethod.values().length)]));
        }
        return choices;
    }

    private static String pick(SplittableRandom random, List<String> names) {
        return names.get(random.nextInt(names.size()));
    }
}
