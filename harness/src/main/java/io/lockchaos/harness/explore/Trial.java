package io.lockchaos.harness.explore;

import io.lockchaos.faults.schedule.SchedulePlan;
import io.lockchaos.checker.Validity;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What one run of a candidate scenario showed.
 *
 * @param dir the run's results folder; empty when the run was refused before it had one
 * @param carriedOut whether the run got as far as its verdicts
 * @param verdicts each check's verdict by name (empty when not carried out)
 * @param schedule the schedule as played (a random one as drawn), one step a line
 * @param wallSeconds the run's wall time
 * @param worstUnsafeWindowMs the run's longest unsafe window in ms (0: none); empty when not
 *     carried out or not measured
 * @param margin how close the run came to a lease failure ({@link Margin}); empty when not
 *     carried out, not measured, or the lock has no timescale
 */
public record Trial(Optional<Path> dir, boolean carriedOut, Map<String, Validity> verdicts, SchedulePlan schedule,
                    double wallSeconds, OptionalDouble worstUnsafeWindowMs, Optional<Margin> margin) {

    public Trial {
        verdicts = Collections.unmodifiableMap(new LinkedHashMap<>(verdicts));
    }

    /** A trial whose margin was not measured. */
    public Trial(Optional<Path> dir, boolean carriedOut, Map<String, Validity> verdicts, SchedulePlan schedule,
                 double wallSeconds, OptionalDouble worstUnsafeWindowMs) {
        this(dir, carriedOut, verdicts, schedule, wallSeconds, worstUnsafeWindowMs, Optional.empty());
    }

    /** A trial whose unsafe windows were not measured. */
    public Trial(Optional<Path> dir, boolean carriedOut, Map<String, Validity> verdicts, SchedulePlan schedule,
                 double wallSeconds) {
        this(dir, carriedOut, verdicts, schedule, wallSeconds, OptionalDouble.empty());
    }

    /** This run's verdict of {@code check}: unknown when it has none. */
    public Validity verdict(String check) {
        return verdicts.getOrDefault(check, Validity.UNKNOWN);
    }

    /** The verdict over every check; unknown when the run was not carried out. */
    public Validity overall() {
        if (!carriedOut || verdicts.isEmpty()) {
            return Validity.UNKNOWN;
        }
        return verdicts.values().stream().reduce(Validity.VALID, Validity::merge);
    }
}
