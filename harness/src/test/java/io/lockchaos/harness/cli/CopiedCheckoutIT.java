package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.ClusterState;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Topology;
import io.lockchaos.testkit.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalInt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkout copied with its {@code results/.cluster.json} ({@code cp -a A B}) does not own the
 * cluster that file names: {@code fault}, {@code cluster status} and {@code cluster down} in the
 * copy say whose it is and leave it alone. The cluster is started by this JVM, for this checkout
 * (as {@code cluster up} here would), and its state written into the copy.
 */
@Tag("chaos")
class CopiedCheckoutIT {

    private static final Duration COMMAND = Duration.ofSeconds(120);

    @TempDir
    Path home;

    @Test
    void aCopiedStateFileDoesNotMakeTheCopyTheClustersOwner() throws IOException, InterruptedException {
        Path copy = ChildRun.checkout(home, "redis-naive-no-fault");
        Cluster cluster = Clusters.startDetached(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS);
        String runId = cluster.runId();
        try {
            Path stateFile = copy.resolve("results").resolve(".cluster.json");
            ClusterState.of(cluster, ClusterOptions.DEFAULTS).write(stateFile);
            int containers = Clusters.containerCount(runId);
            String redis = cluster.nodes().stream().filter(n -> n.name().equals("redis-1")).findFirst().orElseThrow()
                    .containerId();

            try (ChildRun fault = ChildRun.start(copy, "fault", "pause", "redis-1", "2s")) {
                assertEquals(OptionalInt.of(Main.EXIT_USAGE), fault.awaitExit(Await.scaled(COMMAND)), fault.output());
                assertTrue(fault.output().contains("no fault injected") && fault.output().contains("was started by the"
                        + " checkout"), fault.output());
            }
            assertEquals("running", status(redis), "redis-1 was never paused");

            ClusterState written = ClusterState.read(stateFile).orElseThrow();
            new ClusterState(written.runId(), written.topology(), written.network(), written.zkNodes(),
                    written.persist(), written.nodes()).write(stateFile);
            try (ChildRun fault = ChildRun.start(copy, "fault", "pause", "redis-1", "2s")) {
                assertEquals(OptionalInt.of(Main.EXIT_USAGE), fault.awaitExit(Await.scaled(COMMAND)),
                        "a state file without its checkout (an older lockchaos's): the containers' label says whose: "
                                + fault.output());
                assertTrue(fault.output().contains("no fault injected"), fault.output());
            }
            assertEquals("running", status(redis), "redis-1 was never paused");

            try (ChildRun status = ChildRun.start(copy, "cluster", "status")) {
                assertEquals(OptionalInt.of(0), status.awaitExit(Await.scaled(COMMAND)), status.output());
                assertTrue(status.output().contains("no cluster of this checkout is up"), status.output());
            }

            try (ChildRun down = ChildRun.start(copy, "cluster", "down")) {
                assertEquals(OptionalInt.of(0), down.awaitExit(Await.scaled(COMMAND)), down.output());
                assertTrue(down.output().contains("removed nothing of it"), down.output());
            }
            assertEquals(containers, Clusters.containerCount(runId), "every container of the original's cluster is there");
            assertEquals("running", status(redis));
            assertTrue(Files.notExists(stateFile), "the copy forgot the state file it did not own");
        } finally {
            Clusters.remove(runId);
        }
    }

    private static String status(String containerId) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("docker", "inspect", "-f", "{{.State.Status}}", containerId)
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        p.waitFor();
        return out;
    }
}
