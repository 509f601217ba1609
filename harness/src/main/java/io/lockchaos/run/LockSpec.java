package io.lockchaos.run;

import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Role;
import io.lockchaos.cluster.Topology;
import io.lockchaos.workloads.lock.ClassBackend;
import io.lockchaos.workloads.lock.LockConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario's lock: the backend, its lease, and where its fencing tokens come from. The lock
 * service's addresses come from the cluster: node names and inside ports, since workers run
 * on the cluster network.
 *
 * @param backend one of {@code redis-naive}, {@code redis-sentinel}, {@code redlock},
 *     {@code curator}, {@code curator-cautious}, or {@code class:NAME}, a user's lock class
 *     ({@link ClassBackend}) that runs on any topology
 * @param ttl a Redis lock's time to live
 * @param sessionTimeout ZooKeeper's session timeout, and every Redis request's timeout
 * @param tokens {@code none} (the lock's own, if any), {@code redis-incr} or {@code zk}
 * @param options further backend options, passed on as given
 * @param classpath for a class backend: the jars and classes directories (absolute) that hold
 *     it, appended to every worker's {@code -cp}; empty otherwise
 * @param classTokens whether a class backend's class implements
 *     {@link io.lockchaos.workloads.lock.FencingTokens} (tokens of its own)
 */
public record LockSpec(String backend, Duration ttl, Duration sessionTimeout, String tokens,
                       Map<String, String> options, List<Path> classpath, boolean classTokens) {

    /** Each backend and the topology it runs on. */
    static final Map<String, Topology> TOPOLOGIES = Map.of(
            "redis-naive", Topology.REDIS_SINGLE,
            "redis-sentinel", Topology.REDIS_REPLICATED,
            "redlock", Topology.REDLOCK,
            "curator", Topology.ZOOKEEPER,
            "curator-cautious", Topology.ZOOKEEPER);

    /**
     * The lock option ({@code "via-proxy": "true"}) that sends the workers' lock traffic through
     * each server's proxy ({@code toxiproxy:<port>}), so that link faults ({@code latency redis-4
     * 200ms}) act on it; by default workers reach the servers directly. Consumed here, not
     * passed to the backend.
     */
    public static final String VIA_PROXY = "via-proxy";

    /** The token sources a scenario may name. */
    static final List<String> TOKEN_SOURCES = List.of("none", "redis-incr", "zk");

    public LockSpec {
        options = Map.copyOf(options);
        classpath = List.copyOf(classpath);
    }

    /** Whether grants carry fencing tokens (a ZooKeeper lock's own, a user class's own, or a token source). */
    public boolean hasTokens() {
        return !tokens.equals("none") || backend.startsWith("curator") || classTokens;
    }

    /** The lock config for a worker inside {@code cluster}'s network. */
    public LockConfig config(Cluster cluster) {
        Map<String, String> all = new LinkedHashMap<>(options);
        boolean viaProxy = Boolean.parseBoolean(all.remove(VIA_PROXY));
        if (!tokens.equals("none")) {
            all.put(LockConfig.TOKENS, tokens);
        }
        if (tokens.equals("zk")) {
            List<Node> ensemble = cluster.nodes(Role.ZK).isEmpty() ? cluster.nodes(Role.TOKENS) : cluster.nodes(Role.ZK);
            all.put(LockConfig.TOKEN_NODES, String.join(",", addresses(ensemble)));
        }
        if (cluster.topology() == Topology.REDIS_REPLICATED) {
            all.putIfAbsent(LockConfig.SENTINEL_MASTER, Cluster.SENTINEL_MASTER);
        }
        List<String> nodes = viaProxy ? proxied(cluster.lockNodes()) : addresses(cluster.lockNodes());
        return new LockConfig(backend, nodes, ttl, sessionTimeout, all);
    }

    private static List<String> addresses(List<Node> nodes) {
        return nodes.stream().map(n -> n.name() + ":" + n.port()).toList();
    }

    /** Each node through its proxy on the cluster network; a node without one directly. */
    private static List<String> proxied(List<Node> nodes) {
        return nodes.stream().map(n -> n.hasProxy() ? Node.PROXY_HOST + ":" + n.proxyInternalPort()
                : n.name() + ":" + n.port()).toList();
    }
}
