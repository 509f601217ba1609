package io.lockchaos.cluster;

import io.lockchaos.workloads.lock.TopologyName;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The cluster shapes lockchaos can start: the registry of topologies, one line each, a name and
 * its {@link TopologyDescriptor} (the constructor takes both, so a topology without a descriptor
 * does not compile). Everything that differs between topologies is asked of the descriptor;
 * nothing else switches over these constants. Each also has a {@code storage} Redis and a
 * {@code toxiproxy} node.
 */
public enum Topology {
    /** One Redis master: the naive {@code SET NX PX} lock. */
    REDIS_SINGLE(TopologyName.REDIS_SINGLE, new RedisSingleTopology()),
    /** One master, two replicas, three Sentinels (quorum 2). */
    REDIS_REPLICATED(TopologyName.REDIS_REPLICATED, new RedisReplicatedTopology()),
    /** Five independent Redis masters. */
    REDLOCK(TopologyName.REDLOCK, new RedlockTopology()),
    /** A ZooKeeper ensemble of three (or five) nodes. */
    ZOOKEEPER(TopologyName.ZOOKEEPER, new ZooKeeperTopology()),
    /** Three etcd 3.4 members. */
    ETCD(TopologyName.ETCD, new EtcdTopology()),
    /** Three Hazelcast 5.4 members with the CP Subsystem on (three CP members). */
    HAZELCAST(TopologyName.HAZELCAST, new HazelcastTopology()),
    /** One PostgreSQL server, {@code pg-1}: advisory locks, ShedLock's and Spring's JDBC locks. */
    POSTGRES(TopologyName.POSTGRES, new PostgresTopology(false)),
    /** {@code pg-1} behind PgBouncer in transaction pooling, {@code pgbouncer}; clients connect through it. */
    POSTGRES_PGBOUNCER(TopologyName.POSTGRES_PGBOUNCER, new PostgresTopology(true));

    private final TopologyName name;
    private final TopologyDescriptor descriptor;

    Topology(TopologyName name, TopologyDescriptor descriptor) {
        this.name = name;
        this.descriptor = descriptor;
    }

    /** The name used on the command line and in labels, e.g. {@code redis-replicated}. */
    public String id() {
        return name.id();
    }

    /** The name as backends declare it ({@link io.lockchaos.workloads.lock.LockBackend#topologies()}). */
    public TopologyName typedName() {
        return name;
    }

    /** Its nodes, wiring and facts. */
    public TopologyDescriptor descriptor() {
        return descriptor;
    }

    /** Every valid name, comma separated, for error messages. */
    public static String validIds() {
        return Arrays.stream(values()).map(Topology::id).collect(Collectors.joining(", "));
    }

    /**
     * The topology named {@code id}.
     *
     * @throws UnknownTopologyException naming the valid topologies
     */
    public static Topology parse(String id) {
        for (Topology t : values()) {
            if (t.id().equals(id)) {
                return t;
            }
        }
        throw new UnknownTopologyException(id);
    }

    /**
     * The topology a backend names: the one place where a backend's declared names are checked
     * against this registry (its unit test runs it over every built-in backend).
     *
     * @throws UnknownTopologyException naming the valid topologies
     */
    public static Topology of(TopologyName name) {
        return parse(name.id());
    }

    /** A topology name that is none of {@link Topology}'s. */
    public static final class UnknownTopologyException extends ClusterException {
        public UnknownTopologyException(String id) {
            super("unknown topology '" + id + "'; valid topologies: " + validIds());
        }
    }
}
