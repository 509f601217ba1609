package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.containers.FourLetterWords;
import io.lockchaos.testkit.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A three-node ensemble elects one leader, serves Curator, and survives losing a node. */
@Tag("chaos")
class ZooKeeperEnsembleIT {

    @Test
    void electsALeaderServesCuratorAndKeepsServingWithOneNodeStopped() {
        try (Cluster cluster = Clusters.start(Topology.ZOOKEEPER, ClusterOptions.DEFAULTS)) {
            List<String> modes = cluster.nodes(Role.ZK).stream().map(ZooKeeperEnsembleIT::mode).toList();
            assertEquals(1, modes.stream().filter("leader"::equals).count(), "modes " + modes);
            assertEquals(2, modes.stream().filter("follower"::equals).count(), "modes " + modes);

            try (CuratorFramework client = Zk.connect(cluster)) {
                Zk.call(client, c -> c.create().forPath("/before", bytes("1")));
                Node leader = cluster.nodes(Role.ZK).get(modes.indexOf("leader"));
                Docker.stop(leader);
                Await.until(Duration.ofSeconds(30), "a new leader among the two left", () ->
                        cluster.nodes(Role.ZK).stream().filter(n -> !n.equals(leader))
                                .anyMatch(n -> "leader".equals(mode(n))));
                Await.until(Duration.ofSeconds(30), "Curator writes with " + leader.name() + " stopped", () -> {
                    Zk.call(client, c -> c.create().orSetData().forPath("/after", bytes("2")));
                    return true;
                });
                assertEquals("1", new String(Zk.call(client, c -> c.getData().forPath("/before")), StandardCharsets.UTF_8));
                assertEquals("2", new String(Zk.call(client, c -> c.getData().forPath("/after")), StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void fiveNodeEnsembleElectsOneLeader() {
        try (Cluster cluster = Timings.timedStart(Topology.ZOOKEEPER, ClusterOptions.DEFAULTS.withZkNodes(5))) {
            List<String> modes = cluster.nodes(Role.ZK).stream().map(ZooKeeperEnsembleIT::mode).toList();
            assertEquals(5, modes.size());
            assertEquals(1, modes.stream().filter("leader"::equals).count(), "modes " + modes);
            assertTrue(modes.stream().allMatch(m -> m.equals("leader") || m.equals("follower")), "modes " + modes);
        }
    }

    static String mode(Node zk) {
        return FourLetterWords.mode(FourLetterWords.send(zk.host(), zk.hostPort(), "srvr", Duration.ofSeconds(2)));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
