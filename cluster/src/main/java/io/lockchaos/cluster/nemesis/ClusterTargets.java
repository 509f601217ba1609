package io.lockchaos.cluster.nemesis;

import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterState;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Role;
import io.lockchaos.faults.nemesis.FaultNode;
import io.lockchaos.faults.nemesis.FaultTargets;
import io.lockchaos.faults.nemesis.HasPrimary;
import io.lockchaos.faults.link.ToxiproxyLinks;
import io.lockchaos.faults.nemesis.ProxiedLinks;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A running cluster's containers as the nemesis's targets: every node (the ledger's
 * {@code storage} by name only, with no capability: faults leave it alone), Sentinel's primary when the cluster has
 * Sentinels. Built from a {@link Cluster} in a run or from {@code results/.cluster.json}
 * for the command line. Link toxics go through the cluster's proxy.
 */
public final class ClusterTargets implements FaultTargets {

    private final List<ContainerNode> cluster;
    private final List<WorkerNode> workers;
    private final List<ContainerNode> nodes;
    private final List<FaultNode> all;
    private final Optional<HasPrimary> primary;
    private final Optional<ProxiedLinks> links;

    private ClusterTargets(List<ContainerNode> all) {
        this(all, List.of());
    }

    private ClusterTargets(List<ContainerNode> all, List<WorkerNode> workers) {
        this.cluster = all;
        this.workers = workers;
        this.nodes = all.stream().filter(n -> !untouchable(n.role())).toList();
        List<FaultNode> named = new java.util.ArrayList<>(nodes);
        all.stream().filter(n -> untouchable(n.role())).forEach(n -> named.add(new Untouchable(n.name())));
        named.addAll(workers);
        this.all = List.copyOf(named);
        List<ContainerNode> sentinels = nodes.stream().filter(n -> n.role() == Role.SENTINEL).toList();
        this.primary = sentinels.isEmpty() ? Optional.empty() : Optional.of(new SentinelPrimary(sentinels, () -> nodes));
        List<String> proxied = new java.util.ArrayList<>(nodes.stream().map(ContainerNode::name).toList());
        nodes.forEach(n -> n.role().peerLink(n.name()).ifPresent(proxied::add));
        this.links = all.stream().filter(n -> n.role() == Role.PROXY).findFirst()
                .map(proxy -> new ProxyLinks(new ToxiproxyLinks(Node.HOST, proxy.hostPort()),
                        proxied));
    }

    /** The ledger, the token server and the proxy are named but never faulted: faults act on the lock service. */
    private static boolean untouchable(Role role) {
        return !role.faulted();
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

    /**
     * These targets plus a run's workers, each {@link io.lockchaos.faults.nemesis.Pausable}
     * under its name ({@code worker-1} ...): {@code workerContainers} maps a worker's name to
     * its container id.
     */
    public ClusterTargets withWorkers(java.util.Map<String, String> workerContainers) {
        List<WorkerNode> added = new java.util.ArrayList<>(workers);
        workerContainers.forEach((name, id) -> added.add(new WorkerNode(name, id)));
        return new ClusterTargets(cluster, List.copyOf(added));
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

    /**
     * Link toxics on the proxy in front of every lock-service node (not the ledger), and on each
     * replica's replication link ({@code redis-2-replication}) and each ZooKeeper server's quorum
     * port ({@code zk-2-quorum}).
     */
    @Override
    public Optional<ProxiedLinks> links() {
        return links;
    }

    /** The lock-service nodes as containers (not the storage, token server or proxy), in order. */
    List<ContainerNode> containerNodes() {
        return nodes;
    }

    /** The proxy's links, when the cluster has a proxy. */
    Optional<ProxyLinks> proxyLinks() {
        return links.map(ProxyLinks.class::cast);
    }

    /** The name of the node with address {@code ip} on the cluster network, else {@code ip} itself. */
    String nameOf(String ip) {
        return cluster.stream().filter(n -> ip.equals(n.ip())).map(ContainerNode::name).findFirst().orElse(ip);
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
