package io.lockchaos.workloads.redis;

import java.security.SecureRandom;

/**
 * The pause between two attempts of a Redis lock that never waits by itself ({@code SET NX}, and
 * ShedLock's provider, which is one {@code SET NX PX}): a random delay in [{@code min}, 2 * {@code min})
 * ms, so that workers that missed together do not retry together, bounded by what is left of the
 * acquire's timeout.
 */
public final class RetryDelay {

    private static final SecureRandom RANDOM = new SecureRandom();

    private RetryDelay() {
    }

    /** Sleeps a random {@code minMillis}..2 * {@code minMillis} ms, at most until {@code deadlineNanos}. */
    public static void backOff(long minMillis, long deadlineNanos) {
        long left = (deadlineNanos - System.nanoTime()) / 1_000_000;
        long delay = Math.min(left, minMillis + RANDOM.nextInt((int) Math.max(1, minMillis)));
        if (delay > 0) {
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
