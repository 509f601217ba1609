package io.lockchaos.cluster.nemesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Topology;
import io.lockchaos.faults.nemesis.ActiveFault;
import io.lockchaos.faults.nemesis.FaultNotSupportedException;
import io.lockchaos.faults.nemesis.NodeNemesis;
import io.lockchaos.faults.schedule.FaultKind;
import io.lockchaos.faults.schedule.FaultParser;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * Link toxics reach the proxy through the nemesis (the same path as a schedule or
 * {@code lockchaos fault blackhole redis-1}): a blackhole stops a client that goes through
 * the proxy, its heal lets it through again, and both are recorded.
 */
@Tag("chaos")
class NemesisLinksIT {

    @Test
    void aBlackholeThroughTheNemesisStopsProxiedTrafficAndHealsWithARecord() {
        Recorded recorded = new Recorded();
        try (Cluster cluster = Clusters.start(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS)) {
            ClusterTargets targets = ClusterTargets.of(cluster);
            NodeNemesis nemesis = new NodeNemesis(targets, recorded, 1);
            Node redis = cluster.node("redis-1");
            assertTrue(nemesis.menu().offered(FaultKind.LINK).contains("redis-1"), nemesis.menu().toString());
            assertTrue(!nemesis.menu().offered(FaultKind.LINK).contains("storage"), "the ledger is left alone");
            try {
                ActiveFault hole = nemesis.inject(FaultParser.parse("test", 0, "blackhole redis-1").fault());
                assertThrows(SocketTimeoutException.class, () -> rawPing(redis.proxyPort()));
                try (Jedis direct = new Jedis(Node.HOST, redis.hostPort(), 2000)) {
                    assertEquals("PONG", direct.ping(), "only the proxied link is cut");
                }
                hole.close();
                try (Jedis through = new Jedis(Node.HOST, redis.proxyPort(), 5000)) {
                    assertEquals("PONG", through.ping());
                }
                assertEquals(List.of("start-blackhole", "stop-blackhole"), recorded.fs());
                assertThrows(FaultNotSupportedException.class,
                        () -> nemesis.inject(FaultParser.parse("test", 0, "latency storage 100ms").fault()));

                // Left by someone else (no fault of this nemesis accounts for them): the sweep names them.
                String leftover = cluster.links().latency(redis, Duration.ofMillis(100), Duration.ZERO).description();
                cluster.links().disable(redis);
                nemesis.healAll();
                String heal = recorded.ops().get(recorded.ops().size() - 1);
                assertTrue(heal.startsWith("heal-all ") && heal.contains(":toxics-removed [{:proxy \"redis-1\", "
                        + ":toxics [\"latency-downstream-"), leftover + " -> " + heal);
                assertTrue(heal.contains(":proxies-enabled [\"redis-1\"]"), heal);
                try (Jedis through = new Jedis(Node.HOST, redis.proxyPort(), 5000)) {
                    assertEquals("PONG", through.ping(), "the proxy was enabled again");
                }
            } finally {
                nemesis.healAll();
            }
        }
    }

    /** PING over a plain socket (a Jedis client would also time out closing a blackholed link). */
    private static String rawPing(int port) throws IOException {
        try (Socket socket = new Socket(Node.HOST, port)) {
            socket.setSoTimeout(2000);
            socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            byte[] reply = new byte[7];
            int n = socket.getInputStream().read(reply);
            return new String(reply, 0, Math.max(n, 0), StandardCharsets.US_ASCII);
        }
    }
}
