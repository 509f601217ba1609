package io.lockchaos.harness.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.History;
import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Role;
import io.lockchaos.cluster.Topology;
import io.lockchaos.testkit.Await;
import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.backend.LockClients;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.workloads.redis.SentinelMaster;
import io.lockchaos.history.ops.Fencing;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import redis.clients.jedis.Jedis;

/** Redlock over five masters, and the naive lock through Sentinel, on real clusters with no fault. */
@Tag("chaos")
class RedisClustersIT {

    @Test
    void redlockGrantsMutualExclusionAndHoldsAMajority() {
        try (Cluster cluster = Clusters.start(Topology.REDLOCK, ClusterOptions.DEFAULTS)) {
            List<Node> masters = cluster.nodes(Role.MASTER);
            assertEquals(5, masters.size());
            Duration ttl = Duration.ofSeconds(10);
            LockConfig config = LockRun.config("redlock", masters, ttl, Map.of(LockConfig.NODE_TIMEOUT_MS, "500"));
            try (LockClient client = LockClients.open(config, LockRun.hostMapper(cluster))) {
                Grant g = assertInstanceOf(Acquisition.Granted.class, client.acquire("majority", Duration.ofSeconds(10))).grant();
                Duration validity = g.lease().orElseThrow();
                assertTrue(validity.compareTo(ttl.minus(ttl.dividedBy(100))) < 0 && !validity.isNegative(),
                        "validity is the TTL less the elapsed time and the drift: " + validity);
                assertTrue(holders(masters, "majority") >= 3, "a majority of masters hold the key");
                assertTrue(client.release(g));
                assertEquals(0, holders(masters, "majority"), "release unlocked every master");
            }
            History h = LockRun.run("redlock", cluster, config, Fencing.UNFENCED, 3, Duration.ofSeconds(6));
            System.out.println("redlock: " + Exclusion.assertHeld(h, 3, false) + " grants");
        }
    }

    private static int holders(List<Node> masters, String lock) {
        int n = 0;
        for (Node m : masters) {
            try (Jedis jedis = new Jedis(m.host(), m.hostPort(), 5000)) {
                n += jedis.exists("lock:" + lock) ? 1 : 0;
            }
        }
        return n;
    }

    @Test
    void theSentinelLockFindsTheMasterThroughTheHostMapper() {
        try (Cluster cluster = Clusters.start(Topology.REDIS_REPLICATED, ClusterOptions.DEFAULTS)) {
            List<Node> sentinels = cluster.nodes(Role.SENTINEL);
            Node master = cluster.node("redis-1");
            try (SentinelMaster finder = new SentinelMaster(sentinels.stream()
                    .map(n -> Address.parse(LockRun.hostAddress(n))).toList(), "lockchaos", LockRun.hostMapper(cluster),
                    Duration.ofSeconds(5))) {
                assertEquals(new Address(master.ip(), master.port()), finder.ask(), "Sentinel reports the network IP");
                assertEquals(new Address(Node.HOST, master.hostPort()), finder.get().address(), "mapped to the published port");
            }
            LockConfig config = LockRun.config("redis-sentinel", sentinels, Duration.ofSeconds(10),
                    Map.of(LockConfig.TOKENS, "redis-incr"));
            History h = LockRun.run("redis-sentinel", cluster, config, Fencing.FENCED, 3, Duration.ofSeconds(6));
            System.out.println("redis-sentinel: " + Exclusion.assertHeld(h, 3, true) + " grants");
            followsAFailover(cluster, config, master);
        }
    }

    /** After the master dies and Sentinel promotes a replica, the lock is taken on the new master. */
    private static void followsAFailover(Cluster cluster, LockConfig config, Node master) {
        DockerClientFactory.instance().client().killContainerCmd(master.containerId()).exec();
        try (LockClient client = LockClients.open(config, LockRun.hostMapper(cluster));
             SentinelMaster finder = new SentinelMaster(cluster.nodes(Role.SENTINEL).stream()
                     .map(n -> Address.parse(LockRun.hostAddress(n))).toList(), "lockchaos", LockRun.hostMapper(cluster),
                     Duration.ofSeconds(5))) {
            Address now = Await.value(Duration.ofSeconds(60), "Sentinel names a master other than " + master.name(),
                    () -> {
                        Address asked = finder.ask();
                        return asked.host().equals(master.ip()) ? null : asked;
                    });
            Node promoted = cluster.nodeAt(now.host()).orElseThrow(() -> new AssertionError("no node has Sentinel's IP"));
            assertEquals(Role.REPLICA, promoted.role(), "Sentinel promoted a replica");
            // The replica may refuse writes for a moment (READONLY): Await keeps the last failure as the cause.
            Grant g = Await.value(Duration.ofSeconds(60), "a grant on the new master " + promoted.name(),
                    () -> client.acquire("after-failover", Duration.ofSeconds(5)) instanceof Acquisition.Granted granted
                            ? granted.grant() : null);
            try (Jedis jedis = new Jedis(promoted.host(), promoted.hostPort(), 5000)) {
                assertTrue(jedis.exists("lock:after-failover"), "the key is on " + promoted.name());
            }
            assertTrue(client.release(g));
        }
    }
}
