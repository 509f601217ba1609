package io.lockchaos.checker.lock;

import io.lockchaos.checker.Evidence;
import java.util.Locale;

/**
 * Two processes believed they held the same lock at the same time.
 *
 * @param lock      the lock
 * @param first     the hold that started first
 * @param second    the hold that started while {@code first} was still held
 * @param overlapMs how long both were held, in ms
 */
public record OverlappingHolds(String lock, Hold first, Hold second, double overlapMs) implements Evidence {

    @Override
    public String explanation() {
        return String.format(Locale.ROOT,
                "%s held %s and %s held it too: both believed they held %s for %.1f ms.",
                capitalized(first.describe()), lock, second.describe(), lock, overlapMs);
    }

    private static String capitalized(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
