package io.lockchaos.harness.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Value;
import io.lockchaos.checker.lock.LockChecks;
import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.Clusters;
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
 * Worker loops with the naive Redis lock on one real Redis: exclusion judged by the checker,
 * fenced ledgers, and a TTL shorter than the critical section. What a single client must do
 * (exclusion, lease expiry, certain refusals, tokens) is the contract's: see
 * {@code io.lockchaos.junit.contract.LockClientContractIT} in lockchaos-junit.
 */
@Tag("chaos")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisSingleIT {

    private Cluster cluster;

    @BeforeAll
    void start() {
        cluster = Clusters.start(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS);
    }

    @AfterAll
    void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private LockConfig naive(Duration ttl, Map<String, String> options) {
        return LockRun.config("redis-naive", List.of(cluster.node("redis-1")), ttl, options);
    }

    @Test
    void threeWorkersTakeTurnsWithoutFaults() {
        History h = LockRun.run("redis-naive", cluster, naive(Duration.ofSeconds(10), Map.of()), Fencing.UNFENCED, 3,
                Duration.ofSeconds(6));
        int grants = Exclusion.assertHeld(h, 3, false);
        System.out.println("redis-naive: " + grants + " grants, " + h.size() + " events");
    }

    @Test
    void fencedWorkersKeepTheLedgerAChainWithGrowingTokens() {
        History h = LockRun.run("redis-naive-incr-fenced", cluster,
                naive(Duration.ofSeconds(10), Map.of(LockConfig.TOKENS, "redis-incr")), Fencing.FENCED, 2,
                Duration.ofSeconds(4));
        Exclusion.assertHeld(h, 2, true);
    }

    /**
     * docs/design.md rows 1–2 in miniature: a holder that thinks longer than the TTL loses the lock
     * without knowing. The checker must see it (holds invalid), the unfenced ledger loses
     * updates, and fencing with INCR tokens refuses the late writes so the ledger stays a chain.
     */
    @Test
    void aCriticalSectionLongerThanTheTtlBreaksExclusionAndFencingSavesTheLedger() {
        Duration ttl = Duration.ofMillis(100);
        Duration think = Duration.ofMillis(250);
        History unfenced = LockRun.run("short-ttl-unfenced", cluster, naive(ttl, Map.of()), Fencing.UNFENCED, 2,
                Duration.ofSeconds(4), think);
        Map<String, Validity> verdicts = verdicts(unfenced);
        assertEquals(Validity.INVALID, verdicts.get("holds"), "overlapping holds: " + verdicts);
        assertEquals(Validity.INVALID, verdicts.get("ledger"), "lost updates: " + verdicts);

        History fenced = LockRun.run("short-ttl-fenced", cluster, naive(ttl, Map.of(LockConfig.TOKENS, "redis-incr")),
                Fencing.FENCED, 2, Duration.ofSeconds(4), think);
        Map<String, Validity> fencedVerdicts = verdicts(fenced);
        assertEquals(Validity.INVALID, fencedVerdicts.get("holds"), "the lock is still unsafe: " + fencedVerdicts);
        assertEquals(Validity.VALID, fencedVerdicts.get("ledger"), "fencing saved the data: " + fencedVerdicts);
        assertTrue(fenced.ops().stream().anyMatch(op -> op.type() == OpType.FAIL && op.error().equals(Value.kw("stale-token"))),
                "the store refused some late request");
    }

    private static Map<String, Validity> verdicts(History h) {
        Map<String, Validity> out = new java.util.TreeMap<>();
        for (CheckResult r : new LockChecks().checkEach(h, CheckOptions.defaults())) {
            out.put(r.check(), r.valid());
        }
        return out;
    }
}
