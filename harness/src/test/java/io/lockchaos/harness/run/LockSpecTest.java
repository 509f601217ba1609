package io.lockchaos.harness.run;

import io.lockchaos.workloads.lock.Tokens;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Role;
import io.lockchaos.cluster.Topology;
import io.lockchaos.workloads.lock.LockConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The lock config a worker gets: a class backend's nodes follow the topology, its tokens are configured like a built-in's. */
class LockSpecTest {

    private record FakeCluster(Topology topology, List<Node> nodes) implements Cluster {
        @Override
        public String runId() {
            return "r";
        }

        @Override
        public String network() {
            return "n";
        }

        @Override
        public void close() {
        }
    }

    private static Node node(String name, Role role, int port) {
        return new Node(name, role, "c-" + name, "lockchaos-r-" + name, 1, "10.0.0.1", port, 30000, false);
    }

    private static final Node STORAGE = node("storage", Role.STORAGE, 6379);

    private static LockConfig classConfig(Cluster cluster, String tokens) {
        return classConfig(cluster, Tokens.parse(tokens));
    }

    private static LockConfig classConfig(Cluster cluster, Tokens tokens) {
        return new LockSpec("class:com.example.MyLock", Duration.ofSeconds(2), Duration.ofSeconds(5), tokens, Map.of(),
                List.of(Path.of("/tmp/classes")), false).config(cluster);
    }

    @Test
    void aClassBackendGetsTheMasterOnRedisSingleAndTheMastersOnRedlock() {
        Cluster single = new FakeCluster(Topology.REDIS_SINGLE, List.of(node("redis-1", Role.MASTER, 6379), STORAGE));
        LockConfig c = classConfig(single, "redis-incr");
        assertEquals(List.of("redis-1:6379"), c.nodes());
        assertEquals(Map.of("tokens", "redis-incr"), c.options());
        Cluster redlock = new FakeCluster(Topology.REDLOCK, List.of(node("redis-1", Role.MASTER, 6379),
                node("redis-2", Role.MASTER, 6379), STORAGE));
        assertEquals(List.of("redis-1:6379", "redis-2:6379"), classConfig(redlock, "none").nodes());
    }

    @Test
    void aClassBackendGetsTheSentinelsAndTheMasterNameOnRedisReplicated() {
        Cluster replicated = new FakeCluster(Topology.REDIS_REPLICATED, List.of(node("redis-1", Role.MASTER, 6379),
                node("redis-2", Role.REPLICA, 6379), node("sentinel-1", Role.SENTINEL, 26379), STORAGE));
        LockConfig c = classConfig(replicated, "redis-incr");
        assertEquals(List.of("sentinel-1:26379"), c.nodes());
        assertEquals(Cluster.SENTINEL_MASTER, c.options().get(LockConfig.SENTINEL_MASTER));
    }

    @Test
    void aClassBackendGetsTheEnsembleAndZkTokensFromItOnZookeeper() {
        Cluster zk = new FakeCluster(Topology.ZOOKEEPER, List.of(node("zk-1", Role.ZK, 2181), node("zk-2", Role.ZK, 2181),
                STORAGE));
        LockConfig c = classConfig(zk, "zk");
        assertEquals(List.of("zk-1:2181", "zk-2:2181"), c.nodes());
        assertEquals("zk-1:2181,zk-2:2181", c.options().get(LockConfig.TOKEN_NODES));
        assertNull(c.options().get(LockConfig.SENTINEL_MASTER));
    }

    @Test
    void builtInBackendsAreAsBefore() {
        Cluster replicated = new FakeCluster(Topology.REDIS_REPLICATED, List.of(node("redis-1", Role.MASTER, 6379),
                node("sentinel-1", Role.SENTINEL, 26379), STORAGE));
        LockSpec spec = new LockSpec("redis-sentinel", Duration.ofSeconds(2), Duration.ofSeconds(5), Tokens.NONE, Map.of(),
                List.of(), false);
        assertEquals(List.of("sentinel-1:26379"), spec.config(replicated).nodes());
        assertEquals(Map.of(LockConfig.SENTINEL_MASTER, Cluster.SENTINEL_MASTER), spec.config(replicated).options());
    }

    @Test
    void viaProxySendsTheLockTrafficThroughEachServersProxyAndIsNotPassedOn() {
        Node proxied = new Node("redis-1", Role.MASTER, "c", "n", 1, "10.0.0.1", 6379, 30000, false, 31000, 20001);
        Cluster redlock = new FakeCluster(Topology.REDLOCK, List.of(proxied, node("redis-2", Role.MASTER, 6379), STORAGE));
        LockConfig c = new LockSpec("redlock", Duration.ofSeconds(1), Duration.ofSeconds(5), Tokens.NONE,
                Map.of(LockSpec.VIA_PROXY, "true", LockConfig.NODE_TIMEOUT_MS, "400"), List.of(), false).config(redlock);
        assertEquals(List.of("toxiproxy:20001", "redis-2:6379"), c.nodes());
        assertEquals(Map.of(LockConfig.NODE_TIMEOUT_MS, "400"), c.options());
    }

    @Test
    void zkTokensOnARedisTopologyComeFromTheTokenServer() {
        Cluster redlock = new FakeCluster(Topology.REDLOCK, List.of(node("redis-1", Role.MASTER, 6379), STORAGE,
                node("zk-tokens", Role.TOKENS, 2181)));
        LockConfig c = new LockSpec("redlock", Duration.ofSeconds(1), Duration.ofSeconds(5), Tokens.ZK, Map.of(), List.of(),
                false).config(redlock);
        assertEquals(List.of("redis-1:6379"), c.nodes());
        assertEquals("zk-tokens:2181", c.options().get(LockConfig.TOKEN_NODES));
    }
}
