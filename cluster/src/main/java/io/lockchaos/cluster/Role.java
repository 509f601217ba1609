package io.lockchaos.cluster;

import io.lockchaos.faults.schedule.FaultSpec.Reach;
import io.lockchaos.workloads.storage.Store;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * What a node does in its cluster, and so which faults it takes: the {@link Reach}es a fault
 * aimed at it may have, the proxied link to its peers, if any, and how it shows it serves again
 * after a restart ({@link ServingProbe}). A schedule is checked against
 * these before a run (through {@link Layout}), and the nemesis offers the same on a running cluster.
 */
public enum Role {
    /** A Redis master: the naive lock, a Redlock instance, or the Sentinel-watched primary. */
    MASTER(Faults.SERVER, null, ServingProbe.REDIS_PING),
    /** A Redis replica of the master; its replication link goes through {@link Node#replicationProxy}. */
    REPLICA(Faults.SERVER, Node::replicationProxy, ServingProbe.REDIS_PING),
    /** A Redis Sentinel watching the master: the replaceable primary a failover acts on. */
    SENTINEL(Faults.SENTINEL, null, ServingProbe.REDIS_PING),
    /** The Redis that holds the ledger the lock protects; faults leave it alone. */
    STORAGE(Faults.NONE, null, ServingProbe.REDIS_PING),
    /** The PostgreSQL that holds the ledger instead, with {@code "store": "postgres"}; faults leave it alone. */
    STORAGE_PG(Faults.NONE, null, ServingProbe.POSTGRES_QUERY),
    /** A ZooKeeper ensemble member; its quorum port is reached through {@link Node#quorumProxy}. */
    ZK(Faults.SERVER, Node::quorumProxy, ServingProbe.ZOOKEEPER_SRVR),
    /** An etcd member; the others' links to its peer port go through {@link Node#peerProxy}. */
    ETCD(Faults.SERVER, Node::peerProxy, ServingProbe.ETCD_HEALTH),
    /**
     * A Hazelcast member with the CP Subsystem on; the others' links to its member port go
     * through {@link Node#peerProxy}.
     */
    HAZELCAST(Faults.SERVER, Node::peerProxy, ServingProbe.HAZELCAST_CP),
    /**
     * A standalone ZooKeeper beside a lock service without one ({@code zk-tokens}) that hands
     * out {@code zk} fencing tokens; like the ledger's Redis, faults leave it alone.
     */
    TOKENS(Faults.NONE, null, ServingProbe.ZOOKEEPER_SRVR),
    /** A PostgreSQL server ({@code pg-1}). */
    PG(Faults.SERVER, null, ServingProbe.POSTGRES_QUERY),
    /** PgBouncer in front of the PostgreSQL server ({@code pgbouncer}); clients connect through it. */
    BOUNCER(Faults.SERVER, null, ServingProbe.POSTGRES_QUERY),
    /**
     * The Toxiproxy-API server in front of every other node ({@code toxiproxy} on the
     * network); link faults act on connections through it, and it is never faulted itself.
     */
    PROXY(Faults.NONE, null, null);

    private final Set<Reach> reaches;
    private final UnaryOperator<String> peerLink;
    private final ServingProbe serving;

    /** {@code peerLink} null: no proxied peer link; {@code serving} null: never started again by a fault. */
    Role(Set<Reach> reaches, UnaryOperator<String> peerLink, ServingProbe serving) {
        this.reaches = reaches;
        this.peerLink = peerLink;
        this.serving = serving;
    }

    /** The lower-case name used in state files and on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a fault of {@code reach} may act on a node of this role (a {@link Reach#PRIMARY} one: on the cluster it is part of). */
    public boolean takes(Reach reach) {
        return reaches.contains(reach);
    }

    /** Whether faults act on it at all: false for the ledger, the token server and the proxy. */
    public boolean faulted() {
        return !reaches.isEmpty();
    }

    /**
     * The name of the proxy on node {@code node}'s link to its peers ({@code redis-2-replication},
     * {@code zk-2-quorum}), which link faults may name; empty when its peer traffic is not proxied.
     */
    public Optional<String> peerLink(String node) {
        return peerLink == null ? Optional.empty() : Optional.of(peerLink.apply(node));
    }

    /**
     * How a node of this role shows it serves after a restart.
     *
     * @throws ClusterException for the proxy, which no fault stops
     */
    public ServingProbe serving() {
        if (serving == null) {
            throw new ClusterException("a " + label() + " node is never started again by a fault, so it has no serving probe");
        }
        return serving;
    }

    /** The reaches of each kind of node. */
    private static final class Faults {
        static final Set<Reach> SERVER = Set.copyOf(EnumSet.of(Reach.SERVERS, Reach.SERVERS_OR_WORKERS, Reach.LINKS));
        static final Set<Reach> SENTINEL = Set.copyOf(EnumSet.of(Reach.SERVERS, Reach.SERVERS_OR_WORKERS, Reach.LINKS,
                Reach.PRIMARY));
        static final Set<Reach> NONE = Set.of();
    }

    /** The role of the node called {@code storage} that holds the ledgers in {@code store}. */
    public static Role storage(Store store) {
        return switch (store) {
            case REDIS -> STORAGE;
            case POSTGRES -> STORAGE_PG;
        };
    }
}
