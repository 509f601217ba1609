package io.lockchaos.cluster.nemesis;

import io.lockchaos.testkit.Await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Topology;
import io.lockchaos.faults.nemesis.ActiveFault;
import io.lockchaos.faults.nemesis.NodeNemesis;
import io.lockchaos.faults.schedule.FaultParser;
import java.time.Duration;
import java.util.Objects;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.params.SetParams;

/**
 * Partitions, pauses, clock bumps and a failover on one Redis with replicas and Sentinels.
 * The failover runs last: it changes the master the other tests write to.
 */
@Tag("chaos")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class NemesisRedisIT {

    private static final Duration CONVERGE = Duration.ofSeconds(30);

    private Cluster cluster;
    private ClusterTargets targets;
    private final Recorded recorded = new Recorded();
    private NodeNemesis nemesis;

    @BeforeAll
    void start() {
        cluster = Clusters.start(Topology.REDIS_REPLICATED, ClusterOptions.DEFAULTS);
        targets = ClusterTargets.of(cluster);
        nemesis = new NodeNemesis(targets, recorded, 1);
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            try {
                nemesis.healAll();
            } finally {
                cluster.close();
            }
        }
    }

    private Jedis client(String name, int timeoutMillis) {
        Node n = cluster.node(name);
        return new Jedis(Node.HOST, targets.hostPort(n.name()), timeoutMillis);
    }

    private ActiveFault inject(String text) {
        return nemesis.inject(FaultParser.parse("test", 0, text).fault());
    }

    @Test
    @Order(1)
    void aPartitionedReplicaStopsReceivingWritesAndCatchesUpAfterTheHeal() {
        try (Jedis master = client("redis-1", 5000); Jedis cut = client("redis-2", 5000);
             Jedis connected = client("redis-3", 5000)) {
            ActiveFault partition = inject("partition isolate redis-2");
            assertEquals(5, ((ContainerNode) node("redis-2")).droppedPeers().size(), "redis-2 drops its 5 Redis and Sentinel peers");
            master.set("during-partition", "v1");
            Await.until(CONVERGE, "redis-3 received the write", () -> "v1".equals(connected.get("during-partition")));
            Await.holdsFor(Duration.ofSeconds(2), "redis-2 has not received the write",
                    () -> cut.get("during-partition") == null);
            partition.close();
            assertTrue(((ContainerNode) node("redis-2")).droppedPeers().isEmpty(), "no rule left on redis-2");
            assertTrue(((ContainerNode) node("redis-1")).droppedPeers().isEmpty(), "no rule left on redis-1");
            Await.until(CONVERGE, "redis-2 caught up", () -> "v1".equals(cut.get("during-partition")));
        }
        assertTrue(recorded.fs().contains("start-partition") && recorded.fs().contains("stop-partition"));
    }

    @Test
    @Order(2)
    void aPausedRedisTimesOutAndAnswersAgainAfterContinue() {
        ContainerNode replica = (ContainerNode) node("redis-3");
        try (ActiveFault pause = inject("pause redis-3")) {
            assertTrue(replica.isPaused(), "redis-3 is stopped");
            assertThrows(JedisConnectionException.class, () -> {
                try (Jedis paused = client("redis-3", 1000)) {
                    paused.ping();
                }
            }, "a paused Redis answers nothing");
        }
        assertFalse(replica.isPaused(), "redis-3 continued");
        try (Jedis resumed = client("redis-3", 5000)) {
            assertEquals("PONG", resumed.ping());
        }
    }

    @Test
    @Order(3)
    void aClockBumpPastATtlExpiresTheKey() {
        try (Jedis master = client("redis-1", 5000)) {
            assertEquals("OK", master.set("lease", "worker-a", SetParams.setParams().nx().px(60_000)));
            try (ActiveFault bump = inject("clock redis-1 +120s")) {
                assertNull(master.get("lease"), "a 60 s lease outlived a 120 s clock bump");
            }
            assertEquals(Duration.ZERO, ((ContainerNode) node("redis-1")).clockOffset());
        }
        String start = recorded.ops().stream().filter(s -> s.startsWith("start-clock")).findFirst().orElseThrow();
        assertTrue(start.contains(":old \"+0s\", :new \"+120s\""), start);
    }

    @Test
    @Order(4)
    void aFailoverChangesTheMasterSentinelReports() {
        var primary = targets.primary().orElseThrow();
        assertEquals("redis-1", primary.primary());
        try (ActiveFault failover = inject("failover kill")) {
            assertNotEquals("redis-1", primary.primary(), "Sentinel promoted a replica");
        }
        ContainerNode old = (ContainerNode) node("redis-1");
        assertTrue(old.isRunning(), "the old master was started again");
        String start = recorded.ops().stream().filter(s -> s.startsWith("start-failover")).findFirst().orElseThrow();
        assertFalse(start.contains(":new nil"), start);
        // Sentinel disconnects the clients of every node it reconfigures: a new connection per attempt.
        String newMaster = primary.primary();
        Await.until(CONVERGE, "the new master " + newMaster + " takes writes", () -> {
            try (Jedis master = client(newMaster, 5000)) {
                return "OK".equals(master.set("after-failover", "v"));
            }
        });
        Await.until(CONVERGE, "redis-1 rejoined as a replica", () -> {
            try (Jedis rejoined = client("redis-1", 5000)) {
                return Objects.equals("v", rejoined.get("after-failover"));
            }
        });
    }

    @Test
    @Order(5)
    void aFailoverByCommandPromotesAnotherReplica() {
        var primary = targets.primary().orElseThrow();
        String before = primary.primary();
        try (ActiveFault failover = inject("failover command")) {
            assertNotEquals(before, primary.primary(), "SENTINEL FAILOVER promoted a replica");
        }
        assertTrue(recorded.ops().stream().anyMatch(s -> s.startsWith("start-failover {:method \"command\", :old \""
                + before + "\"") && !s.contains(":new nil")), String.join("\n", recorded.ops()));
    }

    @Test
    @Order(6)
    void aFailoverByIsolationPromotesAReplicaAndTheOldMasterRejoins() {
        var primary = targets.primary().orElseThrow();
        String before = primary.primary();
        try (ActiveFault failover = inject("failover isolate")) {
            assertNotEquals(before, primary.primary(), "Sentinel promoted a replica of the isolated master");
        }
        String after = primary.primary();
        Await.until(CONVERGE, "the new master " + after + " takes writes", () -> {
            try (Jedis master = client(after, 5000)) {
                return "OK".equals(master.set("after-isolation", "v"));
            }
        });
        Await.until(CONVERGE, before + " rejoined as a replica", () -> {
            try (Jedis old = client(before, 5000)) {
                return Objects.equals("v", old.get("after-isolation"));
            }
        });
        for (var n : targets.nodes()) {
            if (n instanceof ContainerNode c) {
                assertEquals(java.util.List.of(), c.droppedPeers(), n.name() + " has no rule left");
            }
        }
    }

    private io.lockchaos.faults.nemesis.FaultNode node(String name) {
        return targets.nodes().stream().filter(n -> n.name().equals(name)).findFirst().orElseThrow();
    }
}
