package io.lockchaos.faults.nemesis;

/**
 * A node that runs lock clients rather than serving the lock (a run's worker). It can be cut
 * off from the lock service ({@code partition workers}): its {@link #drop} cuts both
 * directions, packets from and to each peer, with tagged rules in its own namespace only. It
 * never takes part in a partition among the servers (isolate, halves, bridge), and the
 * ledger's storage, which is no lock-service node, stays reachable.
 */
public interface ClientNode extends Partitionable {
}
