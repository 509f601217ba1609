package io.lockchaos.faults.schedule;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The kinds of fault a random schedule may draw, by the word a {@code random} line names them
 * with ({@code random every 5s pause,clock}).
 */
public enum FaultKind {
    PAUSE, CLOCK, KILL, PARTITION, LINK, FAILOVER;

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
}
