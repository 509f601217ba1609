package io.lockchaos.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.cluster.ClusterState;
import io.lockchaos.cluster.Clusters;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import redis.clients.jedis.Jedis;

/** {@code cluster up}, {@code status --json} and {@code down} against the real engine. */
@Tag("chaos")
class ClusterCommandIT {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void upStatusDown() throws IOException {
        Assumptions.assumeFalse(Files.exists(ClusterState.defaultFile()),
                "a cluster of yours is up (" + ClusterState.defaultFile() + "); not touching it");
        assertEquals(0, run("cluster", "up", "redis-single"), err.toString());
        String runId = null;
        try {
            assertEquals(0, run("cluster", "status", "--json"), err.toString());
            JsonNode status = new ObjectMapper().readTree(out.toString());
            runId = status.get("runId").asText();
            assertEquals("redis-single", status.get("topology").asText());
            JsonNode master = status.get("nodes").get(0);
            assertEquals("redis-1", master.get("name").asText());
            assertEquals("master", master.get("role").asText());
            assertEquals("127.0.0.1", master.get("host").asText());
            try (Jedis jedis = new Jedis(master.get("host").asText(), master.get("port").asInt(), 5000)) {
                assertEquals("PONG", jedis.ping());
            }
            assertEquals(3, run("cluster", "up", "redlock"), "a second up is refused while one is up");
            assertTrue(err.toString().contains("already up"), err.toString());
        } finally {
            assertEquals(0, run("cluster", "down"), err.toString());
        }
        assertTrue(err.toString().contains("removed the redis-single cluster"), err.toString());
        assertEquals(0, Clusters.containerCount(runId));
        assertFalse(Files.exists(ClusterState.defaultFile()));
        assertEquals(0, run("cluster", "status"));
        assertTrue(err.toString().contains("no cluster is up"), err.toString());
    }
}
