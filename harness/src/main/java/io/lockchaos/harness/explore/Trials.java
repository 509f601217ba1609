package io.lockchaos.harness.explore;

import io.lockchaos.harness.run.Scenario;

/**
 * Makes one run of a scenario: {@link RunTrials} on a real cluster; a unit test of the search
 * code around it may pass a predicate instead.
 */
public interface Trials {

    /** Runs {@code scenario} once. A scenario that cannot be run gives a trial not carried out. */
    Trial run(Scenario scenario);

    /**
     * Runs {@code scenario} once beside other runs: {@code started} is called once it is started
     * (its cluster up, its workers running), at the latest when it ends; a run that stood still
     * longer than its timing may lose is not carried out. Alone, this is {@link #run(Scenario)}.
     */
    default Trial runBeside(Scenario scenario, Runnable started) {
        try {
            return run(scenario);
        } finally {
            started.run();
        }
    }
}
