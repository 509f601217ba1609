package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lockchaos.workloads.lock.LockConfig;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A client's config from outside the network: published ports, the topology's defaults, zk tokens from another cluster. */
class LockWiringTest {

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

    private static Node node(String name, Role role, int port, int hostPort) {
        return new Node(name, role, "c-" + name, "lockchaos-r-" + name, 1, "10.0.0.1", port, hostPort, false);
    }

    @Test
    void fromThisMachineAClientGetsThePublishedPortsAndZkTokensFromTheTokenCluster() {
        Cluster replicated = new FakeCluster(Topology.REDIS_REPLICATED, List.of(node("redis-1", Role.MASTER, 6379, 30001),
                node("sentinel-1", Role.SENTINEL, 26379, 30002), node("sentinel-2", Role.SENTINEL, 26379, 30003),
                node("storage", Role.STORAGE, 6379, 30004)));
        Cluster zookeeper = new FakeCluster(Topology.ZOOKEEPER, List.of(node("zk-1", Role.ZK, 2181, 31001)));
        LockConfig c = new LockWiring(replicated, LockWiring.Route.HOST, () -> zookeeper).config("redisson",
                Duration.ofSeconds(2), Duration.ofSeconds(3), Map.of(LockConfig.TOKENS, "zk"));
        assertEquals(List.of("127.0.0.1:30002", "127.0.0.1:30003"), c.nodes());
        assertEquals(Map.of(LockConfig.TOKENS, "zk", LockConfig.TOKEN_NODES, "127.0.0.1:31001",
                LockConfig.SENTINEL_MASTER, Cluster.SENTINEL_MASTER), c.options());
    }

    @Test
    void aMasterNameGivenIsKeptAndNoTokenClusterIsAskedWithoutZkTokens() {
        Cluster replicated = new FakeCluster(Topology.REDIS_REPLICATED, List.of(node("sentinel-1", Role.SENTINEL, 26379,
                30002)));
        LockConfig c = new LockWiring(replicated, LockWiring.Route.INSIDE, () -> {
            throw new AssertionError("no zk tokens asked for");
        }).config("redis-sentinel", Duration.ofSeconds(2), Duration.ofSeconds(3),
                Map.of(LockConfig.SENTINEL_MASTER, "other"));
        assertEquals(List.of("sentinel-1:26379"), c.nodes());
        assertEquals(Map.of(LockConfig.SENTINEL_MASTER, "other"), c.options());
    }
}
