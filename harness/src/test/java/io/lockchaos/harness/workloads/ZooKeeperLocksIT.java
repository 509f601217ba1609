package io.lockchaos.harness.workloads;

import io.lockchaos.history.History;
import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Role;
import io.lockchaos.cluster.Topology;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.history.ops.Fencing;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Worker loops with Curator's mutex (plain and cautious) on a real three-node ensemble. The zk
 * token source and a cautious grant lost while the ensemble is frozen are the contract's: see
 * {@code io.lockchaos.junit.contract.LockClientContractIT} in lockchaos-junit.
 */
@Tag("chaos")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ZooKeeperLocksIT {

    private Cluster cluster;

    @BeforeAll
    void start() {
        cluster = Clusters.start(Topology.ZOOKEEPER, ClusterOptions.DEFAULTS);
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private List<Node> ensemble() {
        return cluster.nodes(Role.ZK);
    }

    @Test
    void curatorWorkersTakeTurnsWithCzxidTokensThatGrow() {
        LockConfig config = LockRun.config("curator", ensemble(), Duration.ofSeconds(10), Map.of());
        History h = LockRun.run("curator", cluster, config, Fencing.FENCED, 3, Duration.ofSeconds(6));
        System.out.println("curator: " + Exclusion.assertHeld(h, 3, true) + " grants");
    }

    @Test
    void cautiousCuratorWorkersTakeTurnsToo() {
        LockConfig config = LockRun.config("curator-cautious", ensemble(), Duration.ofSeconds(10), Map.of());
        History h = LockRun.run("curator-cautious", cluster, config, Fencing.FENCED, 2, Duration.ofSeconds(5));
        Exclusion.assertHeld(h, 2, true);
    }
}
