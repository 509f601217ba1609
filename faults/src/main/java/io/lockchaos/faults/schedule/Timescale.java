package io.lockchaos.faults.schedule;

import java.time.Duration;

/**
 * A duration the lock under test lives by, by name ({@code ttl=10s}, {@code session-timeout=5s}):
 * what a {@link TimedSchedule} draws its faults' lengths around.
 *
 * @param name letters, digits and dashes
 * @param length positive
 */
public record Timescale(String name, Duration length) {

    public Timescale {
        if (!name.matches("[A-Za-z][A-Za-z0-9-]*")) {
            throw new IllegalArgumentException("a timescale's name is letters, digits and dashes, got '" + name + "'");
        }
        if (length.isZero() || length.isNegative()) {
            throw new IllegalArgumentException("timescale " + name + " must be positive, got " + length);
        }
    }

    /** {@code ttl=10s}, the form a {@code random around} line names it in. */
    public String word() {
        return name + "=" + Durations.format(length);
    }
}
