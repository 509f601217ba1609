package io.lockchaos.cluster.nemesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Topology;
import io.lockchaos.faults.nemesis.NemesisException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Values with shell metacharacters reach a container's commands as data, never as code: each
 * would create {@code /tmp/pwned} in the container if a shell parsed it. Run through the paths
 * that pass values into containers: a fixed script with positional parameters (the clock
 * offset's path), and the iptables rules of a partition, whose peer addresses come from Docker
 * or from the cluster state file.
 */
@Tag("chaos")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ShellSafetyIT {
    private static final String PWNED = "/tmp/pwned";

    private Cluster cluster;
    private ContainerOps ops;

    static List<String> hostile() {
        return List.of(
                "job-0;touch " + PWNED,
                "$(touch " + PWNED + ")",
                "`touch " + PWNED + "`",
                "x' ; touch " + PWNED + " ; '",
                "x\" ; touch " + PWNED + " ; \"",
                "a && touch " + PWNED,
                "a | touch " + PWNED,
                "a\ntouch " + PWNED,
                "*",
                "${IFS}touch${IFS}" + PWNED);
    }

    @BeforeAll
    void start() {
        cluster = Clusters.start(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS);
        Node redis = cluster.node("redis-1");
        ops = new ContainerOps(redis.containerId(), redis.name());
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @ParameterizedTest
    @MethodSource("hostile")
    void aPositionalParameterArrivesVerbatimAndRunsNothing(String value) {
        ops.sh("printf '%s' \"$1\" > \"$2\"", value, "/tmp/value");

        assertEquals(value, ops.run("cat", "/tmp/value"), "the value, byte for byte");
        assertNothingRan();
    }

    @ParameterizedTest
    @MethodSource("hostile")
    void aHostilePeerAddressFailsThePartitionAndRunsNothing(String peer) {
        Iptables iptables = new Iptables(ops, true, true);

        assertThrows(NemesisException.class, () -> iptables.drop(List.of(peer)), "iptables refuses it");

        assertNothingRan();
        assertTrue(iptables.tagged().isEmpty(), "no rule was left: " + iptables.tagged());
    }

    private void assertNothingRan() {
        assertNotEquals(0, ops.exec("test", "-e", PWNED).exit(), PWNED + " exists: a value was run as code");
    }
}
