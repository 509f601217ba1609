package io.lockchaos.harness.cluster;

import io.lockchaos.faults.schedule.FaultSpec.Reach;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * What a node does in its cluster, and so which faults it takes: the {@link Reach}es a fault
 * aimed at it may have, and the proxied link to its peers, if any. A schedule is checked against
 * these before a run (through {@link Layout}), and the nemesis offers the same on a running cluster.
 */
public enum Role {
    /** A Redis master: the naive lock, a Redlock instance, or the Sentinel-watched primary. */
    MASTER(Faults.SERVER, null),
    /** A Redis replica of the master; its replication link goes through {@link Node#replicationProxy}. */
    REPLICA(Faults.SERVER, Node::replicationProxy),
    /** A Redis Sentinel watching the master: the replaceable primary a failover acts on. */
    SENTINEL(Faults.SENTINEL, null),
    /** The Redis that holds the ledger the lock protects; faults leave it alone. */
    STORAGE(Faults.NONE, null),
    /** A ZooKeeper ensemble member; its quorum port is reached through {@link Node#quorumProxy}. */
    ZK(Faults.SERVER, Node::quorumProxy),
    /**
     * A standalone ZooKeeper beside a lock service without one ({@code zk-tokens}) that hands
     * out {@code zk} fencing tokens; like the ledger's Redis, faults leave it alone.
     */
    TOKENS(Faults.NONE, null),
    /**
     * The Toxiproxy-API server in front of every other node ({@code toxiproxy} on the
     * network); link faults act on connections through it, and it is never faulted itself.
     */
    PROXY(Faults.NONE, null);

    private final Set<Reach> reaches;
    private final UnaryOperator<String> peerLink;

    Role(Set<Reach> reaches, UnaryOperator<String> peerLink) {
        this.reaches = reaches;
        this.peerLink = peerLink;
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

    /** The reaches of each kind of node. */
    private static final class Faults {
        static final Set<Reach> SERVER = Set.copyOf(EnumSet.of(Reach.SERVERS, Reach.SERVERS_OR_WORKERS, Reach.LINKS));
        static final Set<Reach> SENTINEL = Set.copyOf(EnumSet.of(Reach.SERVERS, Reach.SERVERS_OR_WORKERS, Reach.LINKS,
                Reach.PRIMARY));
        static final Set<Reach> NONE = Set.of();
    }
}
