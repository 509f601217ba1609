package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/** Every topology starts, answers on every node, and leaves nothing behind when closed. */
@Tag("chaos")
class TopologyStartIT {

    @ParameterizedTest
    @EnumSource(Topology.class)
    void startsAnswersAndStopsWithoutTrace(Topology topology) {
        Cluster cluster = Timings.timedStart(topology, ClusterOptions.DEFAULTS);
        String runId = cluster.runId();
        try {
            assertEquals(1, cluster.nodes(Role.STORAGE).size());
            assertEquals(expectedNodes(topology), cluster.nodes().size(), cluster.nodes().toString());
            for (Node node : cluster.nodes()) {
                assertTrue(node.pid() > 0 && !node.ip().isEmpty() && node.hostPort() > 0, node.toString());
                if (node.role() == Role.ZK) {
                    continue;
                }
                try (Jedis jedis = new Jedis(node.host(), node.hostPort(), 5000)) {
                    assertEquals("PONG", jedis.ping(), node.name());
                    if (node.role() == Role.MASTER || node.role() == Role.STORAGE) {
                        assertEquals("OK", jedis.set("k-" + node.name(), "v-" + runId));
                        assertEquals("v-" + runId, jedis.get("k-" + node.name()));
                    }
                }
            }
            if (topology == Topology.ZOOKEEPER) {
                assertCuratorWritesAndReads(cluster);
            }
        } finally {
            cluster.close();
            cluster.close();
        }
        assertEquals(0, Docker.resourcesOf(runId), "containers or network of run " + runId + " left behind");
    }

    private static int expectedNodes(Topology topology) {
        switch (topology) {
            case REDIS_SINGLE: return 2;
            case REDIS_REPLICATED: return 7;
            case REDLOCK: return 6;
            case ZOOKEEPER: return 4;
            default: throw new AssertionError(topology);
        }
    }

    private static void assertCuratorWritesAndReads(Cluster cluster) {
        try (CuratorFramework client = Zk.connect(cluster)) {
            Zk.call(client, c -> c.create().forPath("/lockchaos-probe", cluster.runId().getBytes(StandardCharsets.UTF_8)));
            assertEquals(cluster.runId(), new String(Zk.call(client, c -> c.getData().forPath("/lockchaos-probe")),
                    StandardCharsets.UTF_8));
            assertFalse(Zk.call(client, c -> c.getChildren().forPath("/")).isEmpty());
        }
    }
}
