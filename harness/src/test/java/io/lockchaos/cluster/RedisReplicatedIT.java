package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.testkit.Await;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * Replication and Sentinel failover. Sentinel names masters by their IP on the cluster
 * network; the test maps that IP back to the node, and the node to its published port,
 * with {@link Cluster#nodeAt(String)}: the mapping every lock client on the host needs.
 */
@Tag("chaos")
class RedisReplicatedIT {

    private static final Duration FAILOVER_DEADLINE = Duration.ofSeconds(30);

    @Test
    void replicasFollowAndSentinelsPromoteOneWhenTheMasterDies() {
        try (Cluster cluster = Clusters.start(Topology.REDIS_REPLICATED, ClusterOptions.DEFAULTS)) {
            Node master = cluster.node("redis-1");
            try (Jedis jedis = new Jedis(master.host(), master.hostPort(), 5000)) {
                jedis.set("ledger", "e-1");
            }
            for (Node replica : cluster.nodes(Role.REPLICA)) {
                try (Jedis jedis = new Jedis(replica.host(), replica.hostPort(), 5000)) {
                    Await.until(Duration.ofSeconds(10), replica.name() + " has the master's write",
                            () -> "e-1".equals(jedis.get("ledger")));
                }
            }
            Node sentinel = cluster.nodes(Role.SENTINEL).get(0);
            assertEquals(master, masterPerSentinel(cluster, sentinel), "sentinel's master before the failover");

            Docker.kill(master);
            Node promoted = Await.value(FAILOVER_DEADLINE, "sentinel reports a new master", () -> {
                Node now = masterPerSentinel(cluster, sentinel);
                return now.equals(master) ? null : now;
            });
            assertEquals(Role.REPLICA, promoted.role(), "a former replica was promoted: " + promoted);
            try (Jedis jedis = new Jedis(promoted.host(), promoted.hostPort(), 5000)) {
                Await.until(FAILOVER_DEADLINE, promoted.name() + " reports role master",
                        () -> "master".equals(jedis.role().get(0)));
                assertEquals("e-1", jedis.get("ledger"), "the replicated write survived the failover");
                assertEquals("OK", jedis.set("ledger", "e-2"));
            }
            assertNotEquals(master.ip(), promoted.ip());
        }
    }

    /** Asks {@code sentinel} for the master's address and maps it back to a node. */
    private static Node masterPerSentinel(Cluster cluster, Node sentinel) {
        try (Jedis jedis = new Jedis(sentinel.host(), sentinel.hostPort(), 5000)) {
            List<String> addr = jedis.sentinelGetMasterAddrByName(Cluster.SENTINEL_MASTER);
            assertEquals(2, addr.size(), "sentinel answer " + addr);
            Node node = cluster.nodeAt(addr.get(0)).orElseThrow(() -> new AssertionError(
                    "sentinel names " + addr + ", which is no node's IP: " + cluster.nodes()));
            assertTrue(node.port() == Integer.parseInt(addr.get(1)), "sentinel port " + addr);
            return node;
        }
    }
}
