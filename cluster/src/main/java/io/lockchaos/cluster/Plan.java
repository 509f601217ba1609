package io.lockchaos.cluster;

import io.lockchaos.cluster.ImageTags.Image;
import io.lockchaos.cluster.containers.PostgresContainer;
import io.lockchaos.cluster.containers.ZooKeeperContainer;
import java.util.ArrayList;
import java.util.List;

/**
 * How a topology is wired: its descriptor's lock service ({@link TopologyDescriptor#plan}), with
 * what every topology has added to the first wave (the ledger's {@code storage} Redis, the
 * {@code toxiproxy} node and, when asked for, {@code zk-tokens}), and what must hold before the
 * cluster counts as ready.
 *
 * @param waves the nodes, wave by wave (every node of a wave starts in parallel; a wave starts
 *     when the one before it is up)
 * @param ready waits, after the last wave, until the cluster can do its job
 * @param proxy the {@code toxiproxy} node (started with the first wave) and its proxies, one
 *     per server node, created once every wave is up
 */
record Plan(List<List<NodeSpec>> waves, Runnable ready, ProxyPlan proxy) {

    static final String TOKEN_SERVER = "zk-tokens";

    static Plan of(Topology topology, ClusterOptions options, ImageTags images) {
        ServicePlan service = topology.descriptor().plan(options, images);
        List<List<NodeSpec>> servers = new ArrayList<>(service.waves());
        servers.set(0, withStorage(servers.get(0), options, images));
        ProxyPlan proxy = ProxyPlan.forNodes(servers, options, images);
        List<NodeSpec> first = new ArrayList<>(servers.get(0));
        first.add(proxy.spec());
        servers.set(0, List.copyOf(first));
        return new Plan(List.copyOf(servers), service.ready(), proxy);
    }

    /** The ledgers' server (a Redis, or a PostgreSQL with {@code "store": "postgres"}), and with {@link ClusterOptions#tokenServer()} on a topology without ZooKeeper {@code zk-tokens}. */
    private static List<NodeSpec> withStorage(List<NodeSpec> nodes, ClusterOptions options, ImageTags images) {
        List<NodeSpec> all = new ArrayList<>(nodes);
        all.add(switch (options.store()) {
            case REDIS -> RedisNodes.node("storage", Role.STORAGE, options, images);
            case POSTGRES -> new NodeSpec("storage", Role.STORAGE_PG, PostgresContainer.PORT, true,
                    new PostgresContainer(images.tag(Image.POSTGRES)));
        });
        if (options.tokenServer() && nodes.stream().noneMatch(n -> n.role() == Role.ZK)) {
            all.add(new NodeSpec(TOKEN_SERVER, Role.TOKENS, ZooKeeperContainer.CLIENT_PORT, true,
                    new ZooKeeperContainer(images.tag(Image.ZOOKEEPER), 1, List.of(TOKEN_SERVER))));
        }
        return List.copyOf(all);
    }
}
