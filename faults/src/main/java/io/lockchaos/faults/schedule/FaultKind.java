package io.lockchaos.faults.schedule;

import io.lockchaos.faults.schedule.FaultSpec.FailoverMethod;
import io.lockchaos.faults.schedule.FaultSpec.PartitionShape;
import io.lockchaos.faults.schedule.FaultSpec.ToxicKind;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * The kinds of fault a random schedule may draw, in the order it draws them, each by the word
 * a {@code random} line names it with ({@code random every 5s pause,clock}) and with how it
 * draws one fault from the targets a {@link FaultMenu} offers it. The nemesis says which
 * targets it offers for each kind (an exhaustive {@code switch} over this enum).
 */
public enum FaultKind {
    /** A pause of one pausable process. */
    PAUSE {
        @Override
        List<Draw> draws(List<String> offered) {
            return List.of(r -> new FaultSpec.Pause(List.of(pick(r, offered))));
        }
    },
    /** A clock bump of one clock-skewable server by up to 300 s either way. */
    CLOCK {
        @Override
        List<Draw> draws(List<String> offered) {
            return List.of(r -> new FaultSpec.ClockBump(List.of(pick(r, offered)),
                    Duration.ofSeconds((r.nextBoolean() ? 1 : -1) * (1 + r.nextInt(300)))));
        }
    },
    /** A kill of one server. */
    KILL {
        @Override
        List<Draw> draws(List<String> offered) {
            return List.of(r -> new FaultSpec.Kill(List.of(pick(r, offered))));
        }
    },
    /** One server isolated, or (from three servers on) random halves. */
    PARTITION {
        @Override
        List<Draw> draws(List<String> offered) {
            Draw isolate = r -> new FaultSpec.Partition(PartitionShape.ISOLATE, List.of(pick(r, offered)));
            return offered.size() >= 3
                    ? List.of(isolate, r -> new FaultSpec.Partition(PartitionShape.HALVES, List.of()))
                    : List.of(isolate);
        }
    },
    /** 50 ms to 1 s of latency, with up to 100 ms of jitter, on one proxied link. */
    LINK {
        @Override
        List<Draw> draws(List<String> offered) {
            return List.of(r -> new FaultSpec.LinkToxic(ToxicKind.LATENCY, List.of(pick(r, offered)),
                    Duration.ofMillis(50 + r.nextInt(950)), Duration.ofMillis(r.nextInt(100)), 0));
        }
    },
    /** A failover by a random method (the offered names only say that one is possible). */
    FAILOVER {
        @Override
        List<Draw> draws(List<String> offered) {
            return List.of(r -> new FaultSpec.Failover(FailoverMethod.values()[r.nextInt(FailoverMethod.values().length)]));
        }
    };

    /** Draws one fault of a kind. */
    interface Draw extends Function<SplittableRandom, FaultSpec> {
    }

    /** The ways this kind draws a fault from {@code offered} (not empty). */
    abstract List<Draw> draws(List<String> offered);

    /** The kind's word: {@code pause}, {@code clock}, .... */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind named {@code word}, if any. */
    public static Optional<FaultKind> of(String word) {
        return Arrays.stream(values()).filter(k -> k.word().equals(word)).findFirst();
    }

    /** Every word, for messages: {@code pause, clock, kill, partition, link, failover}. */
    public static String words() {
        return String.join(", ", Arrays.stream(values()).map(FaultKind::word).toList());
    }

    private static String pick(SplittableRandom random, List<String> names) {
        return names.get(random.nextInt(names.size()));
    }
}
