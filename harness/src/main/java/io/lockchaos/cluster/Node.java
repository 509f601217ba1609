package io.lockchaos.cluster;

/**
 * One server of a cluster and everything a client or a fault needs to reach it.
 *
 * @param name the short name, also its host name on the cluster network ({@code redis-1},
 *     {@code sentinel-2}, {@code zk-3}, {@code storage})
 * @param role what it does
 * @param containerId the Docker container id (for {@code docker kill -s STOP}, exec, logs)
 * @param containerName the unique container name, {@code lockchaos-<run>-<name>}
 * @param pid the server's pid on the Docker host (inside its container it is PID 1)
 * @param ip its IPv4 address on the cluster network: what peers and Sentinel see
 * @param port the server's port inside the network (6379, 26379, 2181)
 * @param hostPort that port as published on {@link #HOST} for clients on this machine
 * @param persistent whether it keeps acknowledged writes across a restart
 */
public record Node(String name, Role role, String containerId, String containerName, long pid,
                   String ip, int port, int hostPort, boolean persistent) {

    /** Where every node's port is published. */
    public static final String HOST = "127.0.0.1";

    /** {@link #HOST}, for clients that want a host and a port. */
    public String host() {
        return HOST;
    }
}
