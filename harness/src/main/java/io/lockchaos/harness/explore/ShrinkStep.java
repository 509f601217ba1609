package io.lockchaos.harness.explore;

import java.util.List;

/**
 * One candidate a shrink tried.
 *
 * @param what what the candidate changed ("steps 1 and 3 only", "workers 2 → 1", ...)
 * @param schedule its schedule, one step a line
 * @param workers its workers per lane
 * @param durationMs its workload's length
 * @param trials the runs it took (stopped early once the count was settled)
 * @param failing whether at least the minimum of them failed
 */
public record ShrinkStep(String what, String schedule, int workers, long durationMs, List<Trial> trials,
                         boolean failing) {

    public ShrinkStep {
        trials = List.copyOf(trials);
    }
}
