package io.lockchaos.workloads.lock;

import io.lockchaos.workloads.WorkloadException;
import java.util.regex.Pattern;

/**
 * The name of a cluster topology, as a backend declares where it runs ({@link LockBackend#topologies()})
 * and as scenarios and the command line spell it ({@code redis-single}). The topologies themselves,
 * with their nodes and wiring, are the harness's ({@code io.lockchaos.cluster.Topology}),
 * which this module does not see: the worker JVM has no harness. So the names live here, and the
 * harness checks in one place ({@code Topology.of(TopologyName)}, and its unit test over every
 * built-in backend) that each name a backend declares is a registered topology.
 *
 * @param id the name: lower-case letters, digits and dashes
 */
public record TopologyName(String id) {

    /** What a name may be; before the constants, which are checked against it as they are made. */
    private static final Pattern SHAPE = Pattern.compile("[a-z][a-z0-9-]*");

    /** One Redis master. */
    public static final TopologyName REDIS_SINGLE = new TopologyName("redis-single");
    /** One master, two replicas, three Sentinels. */
    public static final TopologyName REDIS_REPLICATED = new TopologyName("redis-replicated");
    /** Five independent Redis masters. */
    public static final TopologyName REDLOCK = new TopologyName("redlock");
    /** A ZooKeeper ensemble. */
    public static final TopologyName ZOOKEEPER = new TopologyName("zookeeper");
    /** Three etcd members. */
    public static final TopologyName ETCD = new TopologyName("etcd");
    /** Three Hazelcast members with the CP Subsystem on. */
    public static final TopologyName HAZELCAST = new TopologyName("hazelcast");
    /** One PostgreSQL server. */
    public static final TopologyName POSTGRES = new TopologyName("postgres");
    /** A PostgreSQL server behind PgBouncer in transaction pooling. */
    public static final TopologyName POSTGRES_PGBOUNCER = new TopologyName("postgres-pgbouncer");

    public TopologyName {
        if (id == null || !SHAPE.matcher(id).matches()) {
            throw new WorkloadException("topology name '" + id + "' is not lower-case letters, digits and dashes"
                    + " (such as redis-single)");
        }
    }

    @Override
    public String toString() {
        return id;
    }
}
