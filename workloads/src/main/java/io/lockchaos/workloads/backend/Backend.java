package io.lockchaos.workloads.backend;

/**
 * The built-in backends by name, for code that names one (the JUnit builder's
 * {@code Scenario.on(Topology.REDIS_SINGLE).lock(Backend.REDISSON)}): the same names as a
 * scenario file's {@code lock.backend}, in {@link LockBackends#BUILT_IN}'s order, each checked
 * against it by a test. {@link LockBackends} holds what each one is.
 */
public enum Backend {
    REDIS_NAIVE("redis-naive"),
    REDIS_SENTINEL("redis-sentinel"),
    REDLOCK("redlock"),
    CURATOR("curator"),
    CURATOR_CAUTIOUS("curator-cautious"),
    REDISSON("redisson"),
    REDISSON_LEASE("redisson-lease"),
    REDISSON_FENCED("redisson-fenced"),
    SPRING_REDIS("spring-redis"),
    SHEDLOCK_REDIS("shedlock-redis"),
    ETCD("etcd"),
    HAZELCAST_FENCED("hazelcast-fenced"),
    PG_ADVISORY("pg-advisory"),
    PG_ADVISORY_XACT("pg-advisory-xact"),
    SHEDLOCK_JDBC("shedlock-jdbc"),
    SHEDLOCK_JDBC_DBTIME("shedlock-jdbc-dbtime"),
    SPRING_JDBC("spring-jdbc");

    private final String id;

    Backend(String id) {
        this.id = id;
    }

    /** The name a scenario file gives ({@code redisson}). */
    public String id() {
        return id;
    }
}
