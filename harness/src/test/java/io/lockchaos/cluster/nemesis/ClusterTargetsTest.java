package io.lockchaos.cluster.nemesis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lockchaos.cluster.ClusterState;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which link names a cluster's targets offer to link faults, from its state file alone (no Docker). */
class ClusterTargetsTest {

    @Test
    void aZooKeeperClusterOffersEveryServerAndEveryServersQuorumLink() {
        ClusterTargets targets = ClusterTargets.of(state("zookeeper", List.of("zk-1:zk", "zk-2:zk", "zk-3:zk")));
        assertEquals(List.of("zk-1", "zk-2", "zk-3", "zk-1-quorum", "zk-2-quorum", "zk-3-quorum"),
                targets.links().orElseThrow().proxied());
    }

    @Test
    void aReplicatedRedisClusterOffersItsReplicasReplicationLinksAndNoQuorumLink() {
        ClusterTargets targets = ClusterTargets.of(state("redis-replicated",
                List.of("redis-1:master", "redis-2:replica", "redis-3:replica", "sentinel-1:sentinel")));
        assertEquals(List.of("redis-1", "redis-2", "redis-3", "sentinel-1", "redis-2-replication", "redis-3-replication"),
                targets.links().orElseThrow().proxied());
    }

    /** A state with the servers named {@code name:role}, then {@code storage} and the proxy. */
    private static ClusterState state(String topology, List<String> servers) {
        List<ClusterState.Entry> nodes = new ArrayList<>();
        for (String server : servers) {
            String[] nameRole = server.split(":");
            nodes.add(entry(nameRole[0], nameRole[1], 8666 + nodes.size()));
        }
        nodes.add(entry("storage", "storage", 8666 + nodes.size()));
        nodes.add(entry("toxiproxy", "proxy", 0));
        return new ClusterState("test", topology, "lockchaos-test", servers.size(), false, List.copyOf(nodes));
    }

    private static ClusterState.Entry entry(String name, String role, int proxyPort) {
        return new ClusterState.Entry(name, role, "127.0.0.1", 40000 + proxyPort % 100, "192.168.0.9", 2181,
                "id-" + name, "lockchaos-test-" + name, 1, false, proxyPort, proxyPort);
    }
}
