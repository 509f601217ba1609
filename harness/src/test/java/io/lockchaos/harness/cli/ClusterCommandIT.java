package io.lockchaos.harness.cli;

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

    /** Every server node has a proxy port that reaches it; the proxy node is listed with its API port. */
    private static void assertProxied(JsonNode nodes) {
        int proxies = 0;
        for (JsonNode node : nodes) {
            if (node.get("role").asText().equals("proxy")) {
                proxies++;
                assertEquals("toxiproxy", node.get("name").asText());
                assertEquals(8474, node.get("internalPort").asInt());
                continue;
            }
            assertTrue(node.get("proxyPort").asInt() > 0, node.toString());
            assertTrue(node.get("proxyInternalPort").asInt() > 0, node.toString());
            try (Jedis jedis = new Jedis(node.get("host").asText(), node.get("proxyPort").asInt(), 5000)) {
                assertEquals("PONG", jedis.ping(), "through the proxy of " + node);
                assertEquals(node.get("internalPort").asInt(), Integer.parseInt(
                        jedis.info("server").lines().filter(l -> l.startsWith("tcp_port:")).findFirst()
                                .orElseThrow().substring("tcp_port:".length()).strip()), node.toString());
            }
        }
        assertEquals(1, proxies, nodes.toString());
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
            assertProxied(status.get("nodes"));
            assertEquals(0, run("cluster", "status"), err.toString());
            assertTrue(out.toString().contains("VIA PROXY") && out.toString().contains("toxiproxy"), out.toString());
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
