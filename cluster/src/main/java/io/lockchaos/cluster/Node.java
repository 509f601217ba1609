package io.lockchaos.cluster;

import io.lockchaos.faults.link.LinkTarget;

/**
 * One server of a cluster and everything a client or a fault needs to reach it.
 *
 * <p>As a {@link LinkTarget} it names its proxy: every server node has one, called after the
 * node, on the cluster's {@code toxiproxy} node. Connections through {@link #proxyPort()}
 * (from this machine) or {@code toxiproxy:}{@link #proxyInternalPort()} (from the cluster
 * network) feel the link faults of {@link Cluster#links()}; connections to {@link #hostPort()}
 * do not.
 *
 * @param name the short name, also its host name on the cluster network ({@code redis-1},
 *     {@code sentinel-2}, {@code zk-3}, {@code storage}, {@code toxiproxy})
 * @param role what it does
 * @param containerId the Docker container id (for {@code docker kill -s STOP}, exec, logs)
 * @param containerName the unique container name, {@code lockchaos-<run>-<name>}
 * @param pid the server's pid on the Docker host (inside its container it is PID 1)
 * @param ip its IPv4 address on the cluster network: what peers and Sentinel see
 * @param port the server's port inside the network (6379, 26379, 2181; 8474 for the proxy's API)
 * @param hostPort that port as published on {@link #HOST} for clients on this machine
 * @param persistent whether it keeps acknowledged writes across a restart
 * @param proxyPort the port on {@link #HOST} that reaches this server through its proxy;
 *     0 for the proxy node itself
 * @param proxyInternalPort the port its proxy listens on inside the network, on host
 *     {@value #PROXY_HOST}; 0 for the proxy node itself
 */
public record Node(String name, Role role, String containerId, String containerName, long pid,
                   String ip, int port, int hostPort, boolean persistent, int proxyPort, int proxyInternalPort)
        implements LinkTarget {

    /** Where every node's port is published. */
    public static final String HOST = "127.0.0.1";

    /** The proxy node's name and host name on the cluster network. */
    public static final String PROXY_HOST = "toxiproxy";

    /** A node without a proxy (the proxy itself, or a node not yet wired). */
    public Node(String name, Role role, String containerId, String containerName, long pid,
                String ip, int port, int hostPort, boolean persistent) {
        this(name, role, containerId, containerName, pid, ip, port, hostPort, persistent, 0, 0);
    }

    /** {@link #HOST}, for clients that want a host and a port. */
    public String host() {
        return HOST;
    }

    /** Whether connections to {@link #proxyPort()} reach this node through its proxy. */
    public boolean hasProxy() {
        return proxyPort > 0;
    }

    /**
     * The name of the proxy on a replica's replication link ({@code redis-2-replication}): link
     * toxics on it act on what the master sends that replica, not on any client link.
     */
    public static String replicationProxy(String replica) {
        return replica + "-replication";
    }

    /**
     * The name of the proxy on a ZooKeeper server's quorum port ({@code zk-2-quorum}, upstream
     * {@code zk-2:2888}): every other server's connections to that port go through it, so its
     * link toxics act on what flows between the followers and {@code zk-2} while {@code zk-2}
     * leads (only the leader serves that port), and on no client link.
     */
    public static String quorumProxy(String server) {
        return server + "-quorum";
    }

    /**
     * The name of the proxy on an etcd member's peer port ({@code etcd-2-peer}, upstream
     * {@code etcd-2:2380}): every other member's connections to that port go through it, so its
     * link toxics act on the raft traffic between {@code etcd-2} and the others, and on no
     * client link.
     */
    public static String peerProxy(String member) {
        return member + "-peer";
    }

    /** This node, reachable through its proxy at {@code proxyPort} (host) and {@code proxyInternalPort}. */
    Node withProxy(int proxyPort, int proxyInternalPort) {
        return new Node(name, role, containerId, containerName, pid, ip, port, hostPort, persistent,
                proxyPort, proxyInternalPort);
    }
}
