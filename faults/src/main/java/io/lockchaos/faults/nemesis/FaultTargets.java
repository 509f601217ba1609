package io.lockchaos.faults.nemesis;

import java.util.List;
import java.util.Optional;

/**
 * The nemesis's view of a cluster: its nodes (each implementing the capabilities it has;
 * a run adds its workers as {@link ClientNode}s, and the ledger's storage is named with no
 * capability), the primary when the cluster has one that can fail over (Sentinel's), and the
 * link toxics when it has a proxy node.
 */
public interface FaultTargets {

    /** Every node a fault may name; the ledger's storage is one with no capability, so no fault acts on it. */
    List<FaultNode> nodes();

    /** The cluster's replaceable primary, if it has one. */
    Optional<HasPrimary> primary();

    /** The link toxics, if the cluster has a proxy node. */
    default Optional<LinkFaults> links() {
        return Optional.empty();
    }
}
