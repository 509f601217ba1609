package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.ClusterState;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Topology;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cluster status} shows the faults in force, read from the engine: one redlock cluster,
 * three faults left in force by {@code fault} commands that ended (a pause, a clock offset, a
 * partition), then the status in text and JSON, then the heal and the status again. Before, the
 * status listed the nodes only, and a node left paused by a killed {@code fault pause} looked up.
 */
@Tag("chaos")
class ClusterStatusIT {

    @TempDir
    Path dir;

    @Test
    void statusShowsAPausedNodeAClockOffsetAndACutLinkAndTheirHeal() throws Exception {
        try (Cluster cluster = Clusters.start(Topology.REDLOCK, ClusterOptions.DEFAULTS)) {
            Path state = dir.resolve(".cluster.json");
            ClusterState.of(cluster, ClusterOptions.DEFAULTS).write(state);
            assertEquals(0, command(state, "fault", "pause", "redis-1").exit());
            assertEquals(0, command(state, "fault", "clock", "redis-2", "+30s").exit());
            assertEquals(0, command(state, "fault", "partition", "isolate", "redis-3").exit());

            CliOutcome text = command(state, "cluster", "status");
            assertEquals(0, text.exit(), text.err());
            assertTrue(line(text.out(), "redis-1").endsWith("paused; cut off from redis-3"), text.out());
            assertTrue(line(text.out(), "redis-2").endsWith("clock +30s; cut off from redis-3"), text.out());
            assertTrue(line(text.out(), "redis-3").endsWith("cut off from redis-1, redis-2, redis-4, redis-5"),
                    text.out());
            assertTrue(text.out().contains("faults in force"), text.out());

            CliOutcome json = command(state, "cluster", "status", "--json");
            JsonNode tree = new ObjectMapper().readTree(json.out());
            assertEquals("paused", node(tree, "redis-1").path("faults").path("process").asText(), json.out());
            assertEquals(30_000, node(tree, "redis-2").path("faults").path("clockOffsetMs").asLong(), json.out());
            assertEquals(4, node(tree, "redis-3").path("faults").path("cutFrom").size(), json.out());
            assertTrue(tree.path("faultsInForce").asBoolean(), json.out());

            assertEquals(0, command(state, "fault", "heal").exit());
            CliOutcome healed = command(state, "cluster", "status");
            assertTrue(line(healed.out(), "redis-1").endsWith("-") && healed.out().contains("no fault in force"),
                    healed.out());
        }
    }

    private static CliOutcome command(Path state, String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add(args[0].equals("fault") ? 1 : 2, "--cluster-state");
        all.add(args[0].equals("fault") ? 2 : 3, state.toString());
        return CliOutcome.run(all.toArray(String[]::new));
    }

    private static String line(String out, String node) {
        return out.lines().filter(l -> l.startsWith(node + " ")).findFirst().orElseThrow().strip();
    }

    private static JsonNode node(JsonNode tree, String name) {
        for (JsonNode n : tree.path("nodes")) {
            if (n.path("name").asText().equals(name)) {
                return n;
            }
        }
        throw new AssertionError("no node " + name + " in " + tree);
    }
}
