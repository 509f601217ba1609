package io.lockchaos.harness.explore;

import io.lockchaos.harness.run.Scenario;

/**
 * Makes one run of a scenario: {@link RunTrials} on a real cluster; a unit test of the search
 * code around it may pass a predicate instead.
 */
public interface Trials {

    /** Runs {@code scenario} once. A scenario that cannot be run gives a trial not carried out. */
    Trial run(Scenario scenario);
}
