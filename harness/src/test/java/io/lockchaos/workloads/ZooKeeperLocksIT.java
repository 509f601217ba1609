package io.lockchaos.workloads;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import io.lockchaos.checker.history.History;
import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Role;
import io.lockchaos.cluster.Topology;
import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.HostMapper;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.lock.LockClients;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.workloads.lock.LossDetection;
import io.lockchaos.workloads.storage.Fencing;
import io.lockchaos.workloads.zk.ZkTokens;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.testcontainers.DockerClientFactory;

/** Curator's mutex (plain and cautious) and the zk token source on a real three-node ensemble. */
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

    @Test
    void zkTokensIncrease() {
        List<Address> zk = ensemble().stream().map(n -> Address.parse(LockRun.hostAddress(n))).toList();
        try (ZkTokens tokens = new ZkTokens(zk, Duration.ofSeconds(8), "/lockchaos/tokens")) {
            long previous = Long.MIN_VALUE;
            for (int i = 0; i < 20; i++) {
                long token = tokens.next(i % 2 == 0 ? "a" : "b");
                assertTrue(token > previous, "token " + token + " after " + previous);
                previous = token;
            }
        }
    }

    @Test
    void aCautiousGrantIsLostWhenTheEnsembleFreezes() {
        LockConfig config = LockRun.config("curator-cautious", ensemble(), Duration.ofSeconds(10), Map.of());
        DockerClient docker = DockerClientFactory.instance().client();
        try (LockClient client = LockClients.open(config, HostMapper.IDENTITY)) {
            assertTrue(LockClients.capability(client, LossDetection.class).isPresent());
            Grant g = assertInstanceOf(Acquisition.Granted.class, client.acquire("frozen", Duration.ofSeconds(20))).grant();
            assertFalse(g.lost(), "a fresh grant is trusted");
            try {
                ensemble().forEach(n -> docker.killContainerCmd(n.containerId()).withSignal("STOP").exec());
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                while (!g.lost() && System.nanoTime() < deadline) {
                    LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
                }
                assertTrue(g.lost(), "SUSPENDED within 60 s of SIGSTOP made the grant lost");
            } finally {
                ensemble().forEach(n -> docker.killContainerCmd(n.containerId()).withSignal("CONT").exec());
            }
        }
    }
}
