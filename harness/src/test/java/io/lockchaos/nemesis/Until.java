package io.lockchaos.nemesis;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/** Deadline-bounded conditions for the nemesis's container tests: poll, never sleep a fixed time. */
final class Until {

    private Until() {
    }

    /** Returns once {@code condition} holds; fails naming {@code what} after {@code timeout}. */
    static void holds(Duration timeout, String what, BooleanSupplier condition) {
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
            LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
        }
        throw new AssertionError("not within " + timeout + ": " + what, last);
    }

    /** Checks {@code invariant} repeatedly for {@code window}; fails at its first violation. */
    static void keeps(Duration window, String what, BooleanSupplier invariant) {
        long end = System.nanoTime() + window.toNanos();
        while (System.nanoTime() < end) {
            if (!invariant.getAsBoolean()) {
                throw new AssertionError("stopped holding: " + what);
            }
            LockSupport.parkNanos(Duration.ofMillis(200).toNanos());
        }
    }
}
