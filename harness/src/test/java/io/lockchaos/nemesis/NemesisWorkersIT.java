package io.lockchaos.nemesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.model.Capability;
import io.lockchaos.cluster.Await;
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
 * rule of ours is left anywhere.
 */
@Tag("chaos")
class NemesisWorkersIT {

    private static final Duration SETTLE = Duration.ofSeconds(10);

    @Test
    void aWorkerCutOffReachesTheStorageButNoLockNodeUntilHealed() {
        try (Cluster cluster = Clusters.start(Topology.ZOOKEEPER, ClusterOptions.DEFAULTS);
             JvmContainer worker = worker(cluster)) {
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

    private static JvmContainer worker(Cluster cluster) {
        return new JvmContainer(ImageTags.forProject().tag(ImageTags.Image.JVM))
                .withCommand("sleep", "infinity")
                .withNetworkMode(cluster.network())
                .withCreateContainerCmdModifier(cmd -> cmd.withName(cluster.network() + "-worker-1")
                        .withHostName("worker-1").getHostConfig().withCapAdd(Capability.NET_ADMIN));
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
