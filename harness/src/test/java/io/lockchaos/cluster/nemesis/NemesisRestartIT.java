package io.lockchaos.cluster.nemesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Topology;
import io.lockchaos.faults.nemesis.NodeNemesis;
import io.lockchaos.faults.schedule.FaultSpec;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import redis.clients.jedis.Jedis;

/** A restart (SIGKILL, start) loses a Redis's keys unless it persists them. */
@Tag("chaos")
class NemesisRestartIT {

    @ParameterizedTest(name = "persist={0}")
    @CsvSource({"false, 0", "true, 1"})
    void aRestartKeepsKeysOnlyWithPersistence(boolean persist, long keysAfter) {
        try (Cluster cluster = Clusters.start(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS.withPersist(persist))) {
            ClusterTargets targets = ClusterTargets.of(cluster);
            try (Jedis before = new Jedis(Node.HOST, targets.hostPort("redis-1"), 5000)) {
                assertEquals("OK", before.set("acknowledged", "v"));
            }
            Recorded recorded = new Recorded();
            new NodeNemesis(targets, recorded, 1).inject(new FaultSpec.Restart(List.of("redis-1")));
            try (Jedis after = new Jedis(Node.HOST, targets.hostPort("redis-1"), 5000)) {
                assertEquals(keysAfter, after.exists("acknowledged") ? 1 : 0,
                        "keys after a restart with persist=" + persist);
            }
            assertEquals(List.of("restart"), recorded.fs());
            assertTrue(recorded.ops().get(0).contains("redis-1=127.0.0.1:" + targets.hostPort("redis-1")),
                    recorded.ops().get(0));
        }
    }
}
