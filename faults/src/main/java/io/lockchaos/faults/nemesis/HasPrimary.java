package io.lockchaos.faults.nemesis;

/**
 * A cluster with one primary that something (Redis Sentinel) can replace by a replica:
 * what a failover fault needs besides killing or isolating a node.
 */
public interface HasPrimary {

    /** The name of the node the cluster's clients are told is the primary now. */
    String primary();

    /** Asks for a failover without any fault ({@code SENTINEL FAILOVER}). */
    void requestFailover();
}
