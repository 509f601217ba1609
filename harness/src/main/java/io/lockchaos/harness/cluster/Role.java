package io.lockchaos.harness.cluster;

import java.util.Locale;

/** What a node does in its cluster. */
public enum Role {
    /** A Redis master: the naive lock, a Redlock instance, or the Sentinel-watched primary. */
    MASTER,
    /** A Redis replica of the master. */
    REPLICA,
    /** A Redis Sentinel watching the master. */
    SENTINEL,
    /** The Redis that holds the ledger the lock protects; faults leave it alone. */
    STORAGE,
    /** A ZooKeeper ensemble member. */
    ZK,
    /**
     * A standalone ZooKeeper beside a Redis lock service ({@code zk-tokens}) that hands out
     * {@code zk} fencing tokens; like the ledger's Redis, faults leave it alone.
     */
    TOKENS,
    /** A PostgreSQL server ({@code pg-1}). */
    PG,
    /** PgBouncer in front of the PostgreSQL server ({@code pgbouncer}); clients connect through it. */
    BOUNCER,
    /**
     * The Toxiproxy-API server in front of every other node ({@code toxiproxy} on the
     * network); link faults act on connections through it.
     */
    PROXY;

    /** The lower-case name used in state files and on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
