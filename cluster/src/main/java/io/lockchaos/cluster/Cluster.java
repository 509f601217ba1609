package io.lockchaos.cluster;

import io.lockchaos.faults.link.ToxiproxyLinks;
import java.util.List;
import java.util.Optional;

/**
 * A running set of server containers on a Docker network of its own. Closing it removes
 * the containers and the network; closing again does nothing.
 */
public interface Cluster extends AutoCloseable {

    /** The master name the Sentinels of {@code redis-replicated} watch. */
    String SENTINEL_MASTER = "lockchaos";

    /** The run id in every container's and the network's labels and names. */
    String runId();

    Topology topology();

    /** The Docker network the nodes share (its name). */
    String network();

    /** Every node, in a stable order (masters, replicas, sentinels or zk, then storage). */
    List<Node> nodes();

    /** The nodes with {@code role}, in order. */
    default List<Node> nodes(Role role) {
        return nodes().stream().filter(n -> n.role() == role).toList();
    }

    /**
     * The nodes a lock client is given: those of its topology's {@link TopologyDescriptor#clientRole()}
     * (the master, the Sentinels, the five masters, the ensemble).
     */
    default List<Node> lockNodes() {
        return nodes(topology().descriptor().clientRole());
    }

    /**
     * The ZooKeeper ensemble {@code zk} fencing tokens come from: the cluster's own, or else its
     * {@code zk-tokens} server (empty when it was started without one).
     */
    default List<Node> tokenEnsemble() {
        return nodes(Role.ZK).isEmpty() ? nodes(Role.TOKENS) : nodes(Role.ZK);
    }

    /**
     * The node called {@code name}.
     *
     * @throws ClusterException listing the node names when there is none
     */
    default Node node(String name) {
        return nodes().stream().filter(n -> n.name().equals(name)).findFirst()
                .orElseThrow(() -> new ClusterException("no node '" + name + "' in this "
                        + topology().id() + " cluster; its nodes are "
                        + nodes().stream().map(Node::name).toList()));
    }

    /**
     * The node whose address on the cluster network is {@code ip}. Sentinel, replicas and
     * ZooKeeper report peers by that address, which a client on the host cannot reach; the
     * node's {@link Node#hostPort()} on {@link Node#HOST} is where to go instead.
     */
    default Optional<Node> nodeAt(String ip) {
        return nodes().stream().filter(n -> n.ip().equals(ip)).findFirst();
    }

    /**
     * The {@code toxiproxy} node: a Toxiproxy-API server with one proxy per server node,
     * named after it ({@link Node#proxyPort()}). Its {@link Node#hostPort()} is the API.
     *
     * @throws ClusterException when this cluster has none
     */
    default Node proxy() {
        return nodes(Role.PROXY).stream().findFirst()
                .orElseThrow(() -> new ClusterException("this " + topology().id() + " cluster has no "
                        + Node.PROXY_HOST + " node; its nodes are " + nodes().stream().map(Node::name).toList()));
    }

    /**
     * Link faults on this cluster's proxies: {@code try (var slow = cluster.links().latency(node,
     * ms200, ms50))}. They affect only connections through a node's proxy port.
     */
    default ToxiproxyLinks links() {
        return new ToxiproxyLinks(Node.HOST, proxy().hostPort());
    }

    /** Removes every container and the network. Idempotent. */
    @Override
    void close();
}
