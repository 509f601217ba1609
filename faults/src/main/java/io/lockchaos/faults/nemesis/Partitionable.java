package io.lockchaos.faults.nemesis;

import java.util.Collection;
import java.util.List;

/**
 * A node whose network can be cut: it drops every packet from chosen peers (iptables inside
 * its own network namespace). Every rule it adds is tagged, so that only lockchaos's own rules
 * are ever removed.
 */
public interface Partitionable extends FaultNode {

    /** The node's address on the cluster network, as its peers see it. */
    String ip();

    /** Drops packets from each of {@code peerIps} (one tagged rule each). */
    void drop(Collection<String> peerIps);

    /** Removes one tagged rule for each of {@code peerIps}; a rule already gone is fine. */
    void undrop(Collection<String> peerIps);

    /** The peers dropped by tagged rules right now, one entry per rule. */
    List<String> droppedPeers();

    /** Removes every tagged rule; returns how many there were. */
    int undropAll();
}
