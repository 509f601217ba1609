package io.lockchaos.cluster;

import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.workloads.lock.Tokens;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The lock config a client of a cluster is handed, built here once for a run's workers
 * ({@code LockSpec}) and for the contract's clients ({@code ContractClusters}): the addresses of
 * the topology's {@link Cluster#lockNodes()} as the client reaches them, the topology's
 * {@link TopologyDescriptor#clientDefaults()}, and for {@code tokens=zk} the token ensemble.
 *
 * @param cluster the cluster whose lock service the client talks to
 * @param route how the client reaches its nodes
 * @param tokens the cluster whose {@link Cluster#tokenEnsemble()} hands out {@code zk} tokens,
 *     asked only when the options name them (a run: the same cluster)
 */
public record LockWiring(Cluster cluster, Route route, Supplier<Cluster> tokens) {

    /** How a client reaches a cluster's nodes. */
    public enum Route {
        /** From the cluster network, by node name and server port: a run's workers. */
        INSIDE,
        /**
         * From the cluster network through each node's proxy ({@code toxiproxy:<port>}; a node
         * without one directly), so that link faults act on it; the token ensemble directly.
         */
        PROXIED,
        /** From this machine, on the ports published on {@link Node#HOST}: tests' clients. */
        HOST;

        String address(Node n) {
            return switch (this) {
                case INSIDE -> n.name() + ":" + n.port();
                case PROXIED -> n.hasProxy() ? Node.PROXY_HOST + ":" + n.proxyInternalPort() : INSIDE.address(n);
                case HOST -> Node.HOST + ":" + n.hostPort();
            };
        }

        /** The route without the proxies: how token servers, which faults leave alone, are reached. */
        Route direct() {
            return this == PROXIED ? INSIDE : this;
        }
    }

    /** A client reaching {@code cluster} by {@code route}, with {@code zk} tokens from the cluster itself. */
    public static LockWiring of(Cluster cluster, Route route) {
        return new LockWiring(cluster, route, () -> cluster);
    }

    /**
     * The config of a {@code backend} client with {@code options} as given (the token source
     * under {@link LockConfig#TOKENS}, if any), completed by the topology.
     */
    public LockConfig config(String backend, Duration ttl, Duration sessionTimeout, Map<String, String> options) {
        Map<String, String> all = new LinkedHashMap<>(options);
        String source = all.get(LockConfig.TOKENS);
        if (source != null && Tokens.parse(source) == Tokens.ZK) {
            all.put(LockConfig.TOKEN_NODES, String.join(",", addresses(tokens.get().tokenEnsemble(), route.direct())));
        }
        cluster.topology().descriptor().clientDefaults().forEach(all::putIfAbsent);
        return new LockConfig(backend, addresses(cluster.lockNodes(), route), ttl, sessionTimeout, all);
    }

    private static List<String> addresses(List<Node> nodes, Route route) {
        return nodes.stream().map(route::address).toList();
    }
}
