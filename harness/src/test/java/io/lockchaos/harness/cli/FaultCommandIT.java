package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.ClusterState;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Topology;
import io.lockchaos.faults.nemesis.ClockSkewable;
import io.lockchaos.faults.nemesis.Pausable;
import io.lockchaos.cluster.nemesis.ClusterTargets;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/** {@code lockchaos fault} against a real cluster: faults that stay, heal, a timed fault, a restart. */
@Tag("chaos")
class FaultCommandIT {

    @TempDir
    Path dir;

    private String out;
    private String err;

    /** Runs {@code lockchaos fault --cluster-state STATE ARGS}, keeping what it printed. */
    private int fault(Path state, String... args) {
        StringWriter outText = new StringWriter();
        StringWriter errText = new StringWriter();
        picocli.CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(outText, true));
        cli.setErr(new PrintWriter(errText, true));
        List<String> all = new ArrayList<>(List.of("fault", "--cluster-state", state.toString()));
        all.addAll(List.of(args));
        int code = cli.execute(all.toArray(String[]::new));
        out = outText.toString();
        err = errText.toString();
        return code;
    }

    @Test
    void faultsStayUntilHealedTimedFaultsHealThemselvesAndRestartsUpdateTheState() {
        try (Cluster cluster = Clusters.start(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS)) {
            Path state = dir.resolve(".cluster.json");
            ClusterState.of(cluster, ClusterOptions.DEFAULTS).write(state);
            Pausable redis = (Pausable) ClusterTargets.of(cluster).nodes().get(0);

            assertEquals(0, fault(state, "pause", "redis-1"), err);
            assertTrue(out.contains("\"f\":\"start-pause\""), out);
            assertTrue(redis.isPaused(), "redis-1 stays stopped after the command");

            assertEquals(0, fault(state, "heal"), err);
            assertFalse(redis.isPaused(), "heal continued redis-1");
            assertTrue(out.contains("\"resumed\":[\"redis-1\"]"), out);

            long t0 = System.nanoTime();
            assertEquals(0, fault(state, "clock", "redis-1", "+120s", "1s"), err);
            assertTrue(System.nanoTime() - t0 >= Duration.ofSeconds(1).toNanos(), "the command blocked for its duration");
            assertTrue(out.contains("\"f\":\"start-clock\"") && out.contains("\"f\":\"stop-clock\""), out);
            assertEquals(Duration.ZERO, ((ClockSkewable) redis).clockOffset());

            int before = cluster.node("redis-1").hostPort();
            assertEquals(0, fault(state, "restart", "redis-1"), err);
            ClusterState after = ClusterState.read(state).orElseThrow();
            int now = after.nodes().stream().filter(e -> e.name().equals("redis-1")).findFirst().orElseThrow().port();
            assertNotEquals(before, now, "a restarted node is published on a new port");
            try (Jedis jedis = new Jedis(Node.HOST, now, 5000)) {
                assertEquals("PONG", jedis.ping());
            }
        }
    }
}
