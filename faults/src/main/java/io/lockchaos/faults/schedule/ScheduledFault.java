package io.lockchaos.faults.schedule;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * One step of a schedule: at {@code at} after the run's start, inject {@code fault}; heal it
 * after {@code duration}, or at the final heal when there is none.
 */
public record ScheduledFault(Duration at, FaultSpec fault, Optional<Duration> duration) {

    public ScheduledFault {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(fault, "fault");
        Objects.requireNonNull(duration, "duration");
        if (at.isNegative()) {
            throw new IllegalArgumentException("a step cannot start before the run: " + at);
        }
    }

    /** The step's script line: {@code at 5s pause worker-2 for 12s}. */
    public String script() {
        return "at " + Durations.format(at) + " " + fault.script()
                + duration.map(d -> " for " + Durations.format(d)).orElse("");
    }

    @Override
    public String toString() {
        return script();
    }
}
