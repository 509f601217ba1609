package io.lockchaos.nemesis;

import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterState;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Role;
import io.lockchaos.faults.nemesis.FaultNode;
import io.lockchaos.faults.nemesis.FaultTargets;
import io.lockchaos.faults.nemesis.HasPrimary;
import io.lockchaos.faults.nemesis.LinkFaults;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A running cluster's containers as the nemesis's targets: every node (the ledger's
 * {@code storage} by name only, with no capability: faults leave it alone), Sentinel's primary when the cluster has
 * Sentinels. Built from a {@link Cluster} in a run or from {@code results/.cluster.json}
 * for the command line. Link toxics need the proxy, which is not wired in yet.
 */
public final class ClusterTargets implements FaultTargets {

    private final List<ContainerNode> nodes;
    private final List<FaultNode> all;
    private final Optional<HasPrimary> primary;

    private ClusterTargets(List<ContainerNode> all) {
        this.nodes = all.stream().filter(n -> n.role() != Role.STORAGE).toList();
        List<FaultNode> named = new java.util.ArrayList<>(nodes);
        all.stream().filter(n -> n.role() == Role.STORAGE).forEach(n -> named.add(new Untouchable(n.name())));
        this.all = List.copyOf(named);
        List<ContainerNode> sentinels = nodes.stream().filter(n -> n.role() == Role.SENTINEL).toList();
        this.primary = sentinels.isEmpty() ? Optional.empty() : Optional.of(new SentinelPrimary(sentinels, () -> nodes));
    }

    public static ClusterTargets of(Cluster cluster) {
        return new ClusterTargets(cluster.nodes().stream().map(ContainerNode::of).toList());
    }

    public static ClusterTargets of(ClusterState state) {
        return new ClusterTargets(state.nodes().stream()
                .map(e -> new ContainerNode(e.name(), Role.valueOf(e.role().toUpperCase(Locale.ROOT)), e.containerId(),
                        e.ip(), e.internalPort(), e.port()))
                .toList());
    }

    /** Every node; the storage only by name, with no capability: faults leave the ledger alone. */
    @Override
    public List<FaultNode> nodes() {
        return all;
    }

    /** A node the nemesis knows by name but may do nothing to. */
    private record Untouchable(String name) implements FaultNode {
    }

    @Override
    public Optional<HasPrimary> primary() {
        return primary;
    }

    @Override
    public Optional<LinkFaults> links() {
        return Optional.empty();
    }

    /** The port node {@code name} is published on now (restarts change it); -1 for storage or unknown. */
    public int hostPort(String name) {
        return nodes.stream().filter(n -> n.name().equals(name)).findFirst().map(ContainerNode::hostPort).orElse(-1);
    }

    /** The node's address on the cluster network now. */
    public String ip(String name) {
        return nodes.stream().filter(n -> n.name().equals(name)).findFirst().map(ContainerNode::ip).orElse(null);
    }
}
