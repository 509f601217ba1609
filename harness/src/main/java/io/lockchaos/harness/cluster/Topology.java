package io.lockchaos.harness.cluster;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The cluster shapes lockchaos can start. Each also has a {@code storage} Redis. */
public enum Topology {
    /** One Redis master: the naive {@code SET NX PX} lock. */
    REDIS_SINGLE("redis-single"),
    /** One master, two replicas, three Sentinels (quorum 2). */
    REDIS_REPLICATED("redis-replicated"),
    /** Five independent Redis masters. */
    REDLOCK("redlock"),
    /** A ZooKeeper ensemble of three (or five) nodes. */
    ZOOKEEPER("zookeeper"),
    /** One PostgreSQL server, {@code pg-1}: advisory locks. */
    POSTGRES("postgres"),
    /** {@code pg-1} behind PgBouncer in transaction pooling mode, {@code pgbouncer}; clients connect through it. */
    POSTGRES_PGBOUNCER("postgres-pgbouncer");

    private final String id;

    Topology(String id) {
        this.id = id;
    }

    /** The name used on the command line and in labels, e.g. {@code redis-replicated}. */
    public String id() {
        return id;
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
            if (t.id.equals(id)) {
                return t;
            }
        }
        throw new UnknownTopologyException(id);
    }

    /** A topology name that is none of {@link Topology}'s. */
    public static final class UnknownTopologyException extends ClusterException {
        public UnknownTopologyException(String id) {
            super("unknown topology '" + id + "'; valid topologies: " + validIds());
        }
    }
}
