package io.lockchaos.harness.explore;

import io.lockchaos.checker.Validity;
import io.lockchaos.faults.schedule.SchedulePlan;
import io.lockchaos.faults.schedule.ScheduledFault;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * One run of an exploration.
 *
 * @param index the run's number, from 0 ({@code seed = first seed + index})
 * @param seed its seed
 * @param trial what it showed
 * @param kept its results folder when kept (a check invalid or unknown, or {@code --keep-all})
 * @param origin where its schedule came from: {@code random}, or the run it mutated and how ({@link Guide})
 */
public record ExploreRun(int index, long seed, Trial trial, Optional<Path> kept, String origin) {

    /** A run whose schedule was drawn from the random line. */
    public ExploreRun(int index, long seed, Trial trial, Optional<Path> kept) {
        this(index, seed, trial, kept, "random");
    }

    /** Whether the run is worth keeping: some check invalid or unknown, or no verdict at all. */
    public boolean finding() {
        return trial.overall() != Validity.VALID;
    }

    /** The kinds of fault its schedule played ({@code pause}, {@code clock}, ...), sorted. */
    public List<String> kinds() {
        return kinds(trial.schedule());
    }

    /** The kinds of fault a played schedule has; none for a schedule that did not get drawn. */
    static List<String> kinds(SchedulePlan played) {
        if (!(played instanceof SchedulePlan.Scripted script)) {
            return List.of();
        }
        TreeSet<String> kinds = new TreeSet<>();
        for (ScheduledFault step : script.schedule().steps()) {
            kinds.add(step.fault().kind().word());
        }
        return List.copyOf(kinds);
    }
}
