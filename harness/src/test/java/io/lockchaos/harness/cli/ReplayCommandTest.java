package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lockchaos.cluster.ProjectRoot;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Where a replay writes: next to the run it replays. */
class ReplayCommandTest {

    @Test
    void aRunInAProjectsTargetIsReplayedIntoTheSameRoot() {
        Path file = Path.of("/p/target/lockchaos/T.paused/20261201-130000/scenario.json");
        assertEquals(Path.of("/p/target/lockchaos"), ReplayCommand.resultsRoot(file, "T.paused"));
    }

    @Test
    void aScenarioFileOutsideAResultsFolderIsReplayedIntoTheCheckoutsResults() {
        assertEquals(ProjectRoot.find().resolve("results"),
                ReplayCommand.resultsRoot(Path.of("/tmp/elsewhere/scenario.json"), "T.paused"));
        assertEquals(ProjectRoot.find().resolve("results"), ReplayCommand.resultsRoot(Path.of("scenario.json"), "T.paused"));
    }
}
