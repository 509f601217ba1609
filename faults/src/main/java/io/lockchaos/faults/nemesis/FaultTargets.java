package io.lockchaos.faults.nemesis;

import java.util.List;
import java.util.Optional;

/**
 * The nemesis's view of a cluster: its nodes, each implementing the capabilities it has (the
 * lock-service nodes are {@link Partitionable} and as the topology allows {@link Pausable},
 * {@link Killable}, {@link ClockSkewable}; a run adds its workers as {@link ClientNode}s; the
 * ledger's storage, a token server and the proxy are named with no capability), the primary
 * when the cluster has one that can fail over (Sentinel's), and the proxied links when it has a
 * {@code toxiproxy} node (every cluster lockchaos starts has one).
 */
public interface FaultTargets {

    /** Every node a fault may name; one with no capability is one no fault acts on. */
    List<FaultNode> nodes();

    /** The cluster's replaceable primary, if it has one. */
    Optional<HasPrimary> primary();

    /** The link toxics through the cluster's proxy; none without a {@code toxiproxy} node. */
    default Optional<ProxiedLinks> links() {
        return Optional.empty();
    }

    /** Every node that has {@code capability}. */
    default <T extends FaultNode> List<T> all(Class<T> capability) {
        return nodes().stream().filter(capability::isInstance).map(capability::cast).toList();
    }

    /** The lock-service nodes a partition may cut: every partitionable node but the workers. */
    default List<Partitionable> servers() {
        return all(Partitionable.class).stream().filter(n -> !(n instanceof ClientNode)).toList();
    }
}
