package io.lockchaos.faults.nemesis;

import java.util.List;
import java.util.Optional;

/**
 * The nemesis's view of a cluster: its nodes (each implementing the capabilities it has),
 * the primary when the cluster has one that can fail over, and the proxied links when
 * there is a proxy.
 */
public interface FaultTargets {

    /** Every node faults may act on (the ledger's storage is not one of them). */
    List<FaultNode> nodes();

    /** The cluster's replaceable primary, if it has one. */
    Optional<HasPrimary> primary();

    /** The proxied links, if the cluster has a proxy. */
    default Optional<LinkFaults> links() {
        return Optional.empty();
    }
}
