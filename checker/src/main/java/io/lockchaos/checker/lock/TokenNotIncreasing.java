package io.lockchaos.checker.lock;

import io.lockchaos.checker.Evidence;

/**
 * A grant whose fencing token is not larger than that of a grant that had already completed
 * before it was asked for.
 *
 * @param lock    the lock
 * @param earlier the completed grant with the largest token at the time {@code later} was invoked
 * @param later   the grant whose token repeats or goes below it
 */
public record TokenNotIncreasing(String lock, GrantedToken earlier, GrantedToken later) implements Evidence {

    @Override
    public String explanation() {
        String how = later.token() == earlier.token() ? "the same token again" : "a smaller token";
        return "Process " + later.process() + " asked for " + Sentences.display(lock) + " at " + Sentences.at(later.invokedAt())
                + " and was granted token " + later.token() + " at " + Sentences.at(later.grantedAt())
                + ", but " + earlier.describe() + " before that: " + how
                + ", so a fenced store cannot tell the newer holder from the older.";
    }
}
