package io.lockchaos.junit.contract;

import static io.lockchaos.junit.contract.LockFeature.BLIND_RELEASE;
import static io.lockchaos.junit.contract.LockFeature.CERTAIN_REFUSAL;
import static io.lockchaos.junit.contract.LockFeature.FENCING_TOKENS;
import static io.lockchaos.junit.contract.LockFeature.LEASE_EXPIRY;
import static io.lockchaos.junit.contract.LockFeature.LOSS_DETECTION;
import static io.lockchaos.junit.contract.LockFeature.REENTRANT;
import static io.lockchaos.junit.contract.LockFeature.TOKENS_ACROSS_LOCKS;

import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.Topology;
import io.lockchaos.workloads.lock.LockConfig;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every lock client {@link LockClientContractIT} runs against, one line each. To add a lock
 * class of your own, add a line such as
 * <pre>{@code
 * LockSubject.of("my-lock", Topology.ZOOKEEPER,
 *         c -> new MyLock(c.addresses(Topology.ZOOKEEPER), c.sessionTimeout()), FENCING_TOKENS, CERTAIN_REFUSAL),
 * }</pre>
 * declaring exactly the features it has (the capability interfaces it implements must match).
 * Run a few subjects only with {@code -Dcontract.subjects=my-lock,curator}.
 */
final class LockSubjects {

    /** The system property that picks subjects by name (comma separated); unset: all. */
    static final String PICK = "contract.subjects";

    private static final List<LockSubject> ALL = List.of(
            LockSubject.builtIn("redis-naive", Topology.REDIS_SINGLE, LEASE_EXPIRY, CERTAIN_REFUSAL),
            LockSubject.builtIn("redis-naive", "redis-incr", Topology.REDIS_SINGLE, LEASE_EXPIRY, CERTAIN_REFUSAL, FENCING_TOKENS),
            LockSubject.builtIn("redis-naive", "zk", Topology.REDIS_SINGLE, LEASE_EXPIRY, CERTAIN_REFUSAL, FENCING_TOKENS,
                    TOKENS_ACROSS_LOCKS),
            LockSubject.builtIn("redis-sentinel", Topology.REDIS_REPLICATED, LEASE_EXPIRY, CERTAIN_REFUSAL),
            LockSubject.builtIn("redlock", Topology.REDLOCK, LEASE_EXPIRY, CERTAIN_REFUSAL),
            LockSubject.builtIn("redlock", "redis-incr", Topology.REDLOCK, LEASE_EXPIRY, CERTAIN_REFUSAL, FENCING_TOKENS),
            LockSubject.builtIn("redlock", "zk", Topology.REDLOCK, LEASE_EXPIRY, CERTAIN_REFUSAL, FENCING_TOKENS,
                    TOKENS_ACROSS_LOCKS),
            LockSubject.builtIn("curator", Topology.ZOOKEEPER, FENCING_TOKENS, TOKENS_ACROSS_LOCKS, CERTAIN_REFUSAL,
                    REENTRANT),
            LockSubject.builtIn("curator-cautious", Topology.ZOOKEEPER, FENCING_TOKENS, TOKENS_ACROSS_LOCKS,
                    CERTAIN_REFUSAL, LOSS_DETECTION, REENTRANT),
            // The watchdog renews the key while the client runs: no lease; no callback when it fails (no loss detection).
            LockSubject.builtIn("redisson", Topology.REDIS_SINGLE, CERTAIN_REFUSAL),
            LockSubject.builtIn("redisson-lease", Topology.REDIS_SINGLE, LEASE_EXPIRY, CERTAIN_REFUSAL),
            // RFencedLock's token is INCR redisson_lock_token:{<key>}: one counter per lock name.
            LockSubject.builtIn("redisson-fenced", Topology.REDIS_SINGLE, FENCING_TOKENS, CERTAIN_REFUSAL),
            LockSubject.of("redisson-sentinel-mode", Topology.REDIS_REPLICATED, c -> c.open("redisson",
                    Topology.REDIS_REPLICATED, Map.of(LockConfig.SENTINEL_MASTER, Cluster.SENTINEL_MASTER)), CERTAIN_REFUSAL),
            LockSubject.builtIn("spring-redis", Topology.REDIS_SINGLE, LEASE_EXPIRY, CERTAIN_REFUSAL),
            LockSubject.builtIn("etcd", Topology.ETCD, FENCING_TOKENS, TOKENS_ACROSS_LOCKS, CERTAIN_REFUSAL),
            // The fence is the CP group's Raft commit index of the acquire: one sequence for every lock of the group.
            LockSubject.builtIn("hazelcast-fenced", Topology.HAZELCAST, FENCING_TOKENS, TOKENS_ACROSS_LOCKS, CERTAIN_REFUSAL,
                    REENTRANT),
            LockSubject.builtIn("shedlock-redis", Topology.REDIS_SINGLE, LEASE_EXPIRY, CERTAIN_REFUSAL, BLIND_RELEASE),
            // A session or transaction lock: no lease; tokens from one sequence; pgjdbc says a session failed only when a call fails.
            LockSubject.builtIn("pg-advisory", Topology.POSTGRES, FENCING_TOKENS, TOKENS_ACROSS_LOCKS, CERTAIN_REFUSAL),
            LockSubject.builtIn("pg-advisory-xact", Topology.POSTGRES, FENCING_TOKENS, TOKENS_ACROSS_LOCKS, CERTAIN_REFUSAL),
            // ShedLock's unlock() returns nothing, whichever clock its statements use.
            LockSubject.builtIn("shedlock-jdbc", Topology.POSTGRES, LEASE_EXPIRY, CERTAIN_REFUSAL, BLIND_RELEASE),
            LockSubject.builtIn("shedlock-jdbc-dbtime", Topology.POSTGRES, LEASE_EXPIRY, CERTAIN_REFUSAL, BLIND_RELEASE),
            LockSubject.builtIn("spring-jdbc", Topology.POSTGRES, LEASE_EXPIRY, CERTAIN_REFUSAL));

    private LockSubjects() {
    }

    /** The subjects the system property {@value #PICK} names, or all of them. */
    static List<LockSubject> picked() {
        return picked(System.getProperty(PICK, ""));
    }

    /**
     * The subjects {@code pick} names (comma separated), or all of them when it is blank.
     *
     * @throws IllegalArgumentException naming the valid subjects when it names an unknown one
     */
    static List<LockSubject> picked(String pick) {
        if (pick.isBlank()) {
            return ALL;
        }
        Set<String> names = Set.copyOf(Arrays.stream(pick.split(",")).map(String::strip).toList());
        List<String> unknown = names.stream().filter(n -> !LockSubject.names(ALL).contains(n)).sorted().toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("-D" + PICK + " names unknown subjects " + unknown + "; valid subjects: "
                    + String.join(", ", LockSubject.names(ALL)));
        }
        return ALL.stream().filter(s -> names.contains(s.name())).toList();
    }
}
