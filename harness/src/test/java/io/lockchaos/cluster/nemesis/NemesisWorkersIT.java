package io.lockchaos.cluster.nemesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.model.Capability;
import io.lockchaos.testkit.Await;
import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.ImageTags;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Role;
import io.lockchaos.cluster.Topology;
import io.lockchaos.cluster.containers.JvmContainer;
import io.lockchaos.faults.nemesis.ActiveFault;
import io.lockchaos.faults.nemesis.NodeNemesis;
import io.lockchaos.faults.schedule.FaultParser;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code partition workers} on a real ZooKeeper ensemble and a real worker container (the
 * {@code jvm} image with {@code NET_ADMIN}, as a run starts its workers): cut off, the worker
 * reaches no ZooKeeper server but still the ledger's storage; healed, it reaches both and no
 * rule of ours is left anywhere. On five Redlock masters, {@code partition workers worker-1
 * from redis-4,redis-5} (docs/design.md, row 6) cuts that worker off from those two only.
 */
@Tag("chaos")
class NemesisWorkersIT {

    private static final Duration SETTLE = Duration.ofSeconds(10);

    @Test
    void aWorkerCutOffReachesTheStorageButNoLockNodeUntilHealed() {
        try (Cluster cluster = Clusters.start(Topology.ZOOKEEPER, ClusterOptions.DEFAULTS);
             JvmContainer worker = worker(cluster, "worker-1")) {
            worker.start();
            Recorded recorded = new Recorded();
            ClusterTargets targets = ClusterTargets.of(cluster).withWorkers(Map.of("worker-1", worker.getContainerId()));
            NodeNemesis nemesis = new NodeNemesis(targets, recorded, 1);
            ContainerOps ops = new ContainerOps(worker.getContainerId(), "worker-1");
            List<Node> zks = cluster.nodes(Role.ZK);
            Node storage = cluster.node("storage");
            zks.forEach(zk -> assertTrue(reaches(ops, zk), "before: worker-1 reaches " + zk.name()));

            try (ActiveFault cut = nemesis.inject(FaultParser.parse("test", 0, "partition workers").fault())) {
                for (Node zk : zks) {
                    assertFalse(reaches(ops, zk), "cut off: worker-1 does not reach " + zk.name());
                }
                assertTrue(reaches(ops, storage), "cut off: worker-1 still reaches the storage");
                assertEquals(2 * zks.size(), rulesIn(ops), "one INPUT and one OUTPUT rule per ZooKeeper server");
                zks.forEach(zk -> assertEquals(List.of(), ContainerNode.of(zk).droppedPeers(), "no rule on " + zk.name()));
            }
            assertEquals(0, rulesIn(ops), "the heal removed every rule it added");
            for (Node zk : zks) {
                Await.until(SETTLE, "healed: worker-1 reaches " + zk.name(), () -> reaches(ops, zk));
            }
            assertTrue(reaches(ops, storage));
            assertEquals("start-partition {:shape \"workers\", :components [[\"worker-1\"] [\"zk-1\" \"zk-2\" \"zk-3\"]], "
                    + ":bridge nil}", recorded.ops().get(0));
            assertEquals(List.of("start-partition", "stop-partition"), recorded.fs());

            nemesis.inject(FaultParser.parse("test", 0, "partition workers worker-1").fault());
            nemesis.healAll();
            assertEquals(0, rulesIn(ops), "healAll removed the rules of a partition in force");
            assertTrue(reaches(ops, zks.get(0)));
        }
    }

    @Test
    void aWorkerCutOffFromTwoRedlockMastersStillReachesTheOtherThreeAndTheOtherWorkerReachesAll() {
        try (Cluster cluster = Clusters.start(Topology.REDLOCK, ClusterOptions.DEFAULTS);
             JvmContainer one = worker(cluster, "worker-1");
             JvmContainer two = worker(cluster, "worker-2")) {
            one.start();
            two.start();
            Recorded recorded = new Recorded();
            ClusterTargets targets = ClusterTargets.of(cluster).withWorkers(
                    Map.of("worker-1", one.getContainerId(), "worker-2", two.getContainerId()));
            NodeNemesis nemesis = new NodeNemesis(targets, recorded, 1);
            ContainerOps cut = new ContainerOps(one.getContainerId(), "worker-1");
            ContainerOps other = new ContainerOps(two.getContainerId(), "worker-2");
            List<Node> masters = cluster.nodes(Role.MASTER);
            assertEquals(List.of("redis-1", "redis-2", "redis-3", "redis-4", "redis-5"),
                    masters.stream().map(Node::name).toList());
            List<Node> reachable = masters.subList(0, 3);
            List<Node> unreachable = masters.subList(3, 5);

            try (ActiveFault partition = nemesis.inject(
                    FaultParser.parse("test", 0, "partition workers worker-1 from redis-4,redis-5").fault())) {
                reachable.forEach(m -> assertTrue(reaches(cut, m), "cut off: worker-1 still reaches " + m.name()));
                unreachable.forEach(m -> assertFalse(reaches(cut, m), "cut off: worker-1 does not reach " + m.name()));
                masters.forEach(m -> assertTrue(reaches(other, m), "worker-2 reaches " + m.name()));
                assertTrue(reaches(cut, cluster.node("storage")), "cut off: worker-1 still reaches the storage");
                assertEquals(2 * unreachable.size(), rulesIn(cut), "one INPUT and one OUTPUT rule per named master");
                assertEquals(0, rulesIn(other), "worker-2 has no rule");
                masters.forEach(m -> assertEquals(List.of(), ContainerNode.of(m).droppedPeers(), "no rule on " + m.name()));
            }
            assertEquals(0, rulesIn(cut), "the heal removed every rule it added");
            for (Node m : unreachable) {
                Await.until(SETTLE, "healed: worker-1 reaches " + m.name(), () -> reaches(cut, m));
            }
            reachable.forEach(m -> assertTrue(reaches(cut, m), "healed: worker-1 reaches " + m.name()));
            String value = "{:shape \"workers\", :components [[\"worker-1\"] [\"redis-4\" \"redis-5\"]], :bridge nil}";
            assertEquals(List.of("start-partition " + value, "stop-partition " + value), recorded.ops());
        }
    }

    private static JvmContainer worker(Cluster cluster, String name) {
        return new JvmContainer(ImageTags.forProject().tag(ImageTags.Image.JVM))
                .withCommand("sleep", "infinity")
                .withNetworkMode(cluster.network())
                .withCreateContainerCmdModifier(cmd -> cmd.withName(cluster.network() + "-" + name)
                        .withHostName(name).getHostConfig().withCapAdd(Capability.NET_ADMIN));
    }

    /** Whether a TCP connection from the worker to the node's server port opens within 2 s. */
    private static boolean reaches(ContainerOps worker, Node node) {
        return worker.exec("timeout", "2", "bash", "-c", "exec 3<>/dev/tcp/" + node.name() + "/" + node.port())
                .exit() == 0;
    }

    private static long rulesIn(ContainerOps worker) {
        return worker.run("iptables", "-w", "-S").lines().filter(l -> l.contains("--comment " + Iptables.TAG)).count();
    }
}
