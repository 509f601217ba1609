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
        String name = Sentences.display(lock);
        return String.format(Locale.ROOT, "Process %s held %s with %s from %s to %s%s, and process %s held it with %s"
                        + " from %s to %s%s: for %.1f ms both believed they held %s.",
                first.process(), name, Sentences.tokenText(first.token()), Sentences.at(first.start()),
                Sentences.at(first.end()), first.released() ? "" : " (never released)",
                second.process(), Sentences.tokenText(second.token()), Sentences.at(second.start()),
                Sentences.at(second.end()), second.released() ? "" : " (never released)", overlapMs, name);
    }
}
