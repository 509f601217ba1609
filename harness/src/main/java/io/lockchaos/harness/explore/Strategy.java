package io.lockchaos.harness.explore;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** How an exploration picks each run's schedule ({@code --strategy}). */
public enum Strategy {
    /** Every run draws its own schedule from the random line, seed {@code S+i}. */
    RANDOM,
    /** Later runs mostly mutate the schedules of the runs closest to a failure ({@link Guide}). */
    GUIDED;

    /** {@code guided}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The strategy called {@code word}. */
    public static Optional<Strategy> of(String word) {
        return Arrays.stream(values()).filter(s -> s.word().equals(word)).findFirst();
    }
}
