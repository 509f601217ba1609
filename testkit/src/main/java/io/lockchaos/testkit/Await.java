package io.lockchaos.testkit;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Deadline-bounded waits for every test: poll a condition, never sleep a fixed time. Every
 * timeout given here, and every other test wait passed through {@link #scaled}, is multiplied
 * by the one timeout factor, {@code -Dlockchaos.timeoutFactor} (default 1), so that a slow or
 * loaded machine runs the same tests with more patience (Curator's {@code Timing}). Only waits
 * for something to happen scale; the window of {@link #holdsFor}, in which something must
 * <em>not</em> happen, does not: a longer window would not make the test more robust, only
 * slower.
 */
public final class Await {

    /** The system property holding the factor: a positive number, such as 2 or 1.5. */
    public static final String FACTOR_PROPERTY = "lockchaos.timeoutFactor";

    private static final Duration POLL = Duration.ofMillis(50);

    private Await() {
    }

    /** Returns once {@code condition} holds; fails naming {@code what} after the scaled {@code timeout}. */
    public static void until(Duration timeout, String what, BooleanSupplier condition) {
        until(timeout, () -> what, condition);
    }

    /**
     * As {@link #until(Duration, String, BooleanSupplier)}, with {@code what} asked for only on
     * failure: for a description that shows the state at the deadline (a process's output so far).
     */
    public static void until(Duration timeout, Supplier<String> what, BooleanSupplier condition) {
        Duration limit = scaled(timeout);
        long deadline = System.nanoTime() + limit.toNanos();
        RuntimeException last = null;
        while (System.nanoTime() - deadline < 0) {
            try {
                if (condition.getAsBoolean()) {
                    return;
                }
            } catch (RuntimeException e) {
                last = e;
            }
            pause(POLL, what);
        }
        throw new AssertionError("not within " + describe(timeout, limit) + ": " + what.get(), last);
    }

    /** The first non-null value {@code probe} yields within the scaled {@code timeout}. */
    public static <T> T value(Duration timeout, String what, Supplier<T> probe) {
        Object[] found = new Object[1];
        until(timeout, what, () -> (found[0] = probe.get()) != null);
        @SuppressWarnings("unchecked")
        T value = (T) found[0];
        return value;
    }

    /** Checks {@code invariant} repeatedly for {@code window} (not scaled); fails at its first violation. */
    public static void holdsFor(Duration window, String what, BooleanSupplier invariant) {
        long end = System.nanoTime() + window.toNanos();
        while (System.nanoTime() - end < 0) {
            if (!invariant.getAsBoolean()) {
                throw new AssertionError("stopped holding: " + what);
            }
            pause(POLL.multipliedBy(4), () -> what);
        }
    }

    /**
     * {@code timeout} times the factor: for the test waits that are not a polled condition (a
     * process's {@code waitFor}, a future's {@code get}, a socket's read timeout, a join).
     */
    public static Duration scaled(Duration timeout) {
        double factor = factor();
        return factor == 1 ? timeout : Duration.ofNanos(Math.round(Math.min(timeout.toNanos() * factor, Long.MAX_VALUE / 4.0)));
    }

    /** The factor {@code -Dlockchaos.timeoutFactor} gives, 1 when it is not set. */
    public static double factor() {
        return parseFactor(System.getProperty(FACTOR_PROPERTY));
    }

    static double parseFactor(String raw) {
        if (raw == null || raw.isBlank()) {
            return 1;
        }
        double factor;
        try {
            factor = Double.parseDouble(raw.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(badFactor(raw), e);
        }
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException(badFactor(raw));
        }
        return factor;
    }

    private static String badFactor(String raw) {
        return "-D" + FACTOR_PROPERTY + "=" + raw + " is not a positive number: give the multiplier of every test"
                + " timeout, such as 2 or 1.5 (1 when unset)";
    }

    private static String describe(Duration timeout, Duration limit) {
        return limit.equals(timeout) ? timeout.toString()
                : String.format(Locale.ROOT, "%s (%s x %s %s)", limit, timeout, FACTOR_PROPERTY, factor());
    }

    private static void pause(Duration poll, Supplier<String> what) {
        LockSupport.parkNanos(poll.toNanos());
        if (Thread.currentThread().isInterrupted()) {
            throw new AssertionError("interrupted while waiting for: " + what.get());
        }
    }
}
