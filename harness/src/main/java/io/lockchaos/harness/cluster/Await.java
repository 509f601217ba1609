package io.lockchaos.harness.cluster;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Deadline-bounded conditions for every container test: poll, never sleep a fixed time. */
public final class Await {

    private static final Duration POLL = Duration.ofMillis(50);

    private Await() {
    }

    /** Returns once {@code condition} holds; fails naming {@code what} after {@code timeout}. */
    public static void until(Duration timeout, String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        RuntimeException last = null;
        while (System.nanoTime() < deadline) {
            try {
                if (condition.getAsBoolean()) {
                    return;
                }
            } catch (RuntimeException e) {
                last = e;
            }
            LockSupport.parkNanos(POLL.toNanos());
        }
        throw new AssertionError("not within " + timeout + ": " + what, last);
    }

    /** The first non-null value {@code probe} yields within {@code timeout}. */
    public static <T> T value(Duration timeout, String what, Supplier<T> probe) {
        Object[] found = new Object[1];
        until(timeout, what, () -> (found[0] = probe.get()) != null);
        @SuppressWarnings("unchecked")
        T value = (T) found[0];
        return value;
    }

    /** Checks {@code invariant} repeatedly for {@code window}; fails at its first violation. */
    public static void holdsFor(Duration window, String what, BooleanSupplier invariant) {
        long end = System.nanoTime() + window.toNanos();
        while (System.nanoTime() < end) {
            if (!invariant.getAsBoolean()) {
                throw new AssertionError("stopped holding: " + what);
            }
            LockSupport.parkNanos(POLL.toNanos() * 4);
        }
    }
}
