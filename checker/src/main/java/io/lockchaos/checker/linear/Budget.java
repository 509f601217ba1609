package io.lockchaos.checker.linear;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The limits every partition's search shares: one deadline for the whole check, the bound on
 * remembered configurations (per partition), and a stop flag raised when one partition is
 * found invalid, which makes the others pointless.
 */
final class Budget {

    private final long deadline;
    private final Duration timeLimit;
    private final long maxConfigs;
    private final AtomicBoolean stopped = new AtomicBoolean();

    Budget(long startNanos, Duration timeLimit, long maxConfigs) {
        long nanos;
        try {
            nanos = timeLimit.toNanos();
        } catch (ArithmeticException tooLong) {
            nanos = Long.MAX_VALUE / 4;
        }
        this.deadline = startNanos + Math.min(nanos, Long.MAX_VALUE / 4);
        this.timeLimit = timeLimit;
        this.maxConfigs = maxConfigs;
    }

    boolean expired() {
        return System.nanoTime() - deadline > 0;
    }

    /** "the time limit of 20.0 s", for the reasons of unknown answers. */
    String limit() {
        return "the time limit of " + timeLimit.toMillis() / 1000.0 + " s";
    }

    long maxConfigs() {
        return maxConfigs;
    }

    /** Tells the other partitions to give up: the verdict is already invalid. */
    void stop() {
        stopped.set(true);
    }

    boolean isStopped() {
        return stopped.get();
    }
}
