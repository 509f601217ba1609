package io.lockchaos.harness.cluster;

import io.lockchaos.harness.cluster.ImageTags.Image;
import io.lockchaos.harness.cluster.containers.RedisContainer;
import io.lockchaos.harness.cluster.containers.SentinelContainer;
import io.lockchaos.harness.cluster.containers.ZooKeeperContainer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * How a topology is wired: the nodes to start, in waves (every node of a wave starts in
 * parallel; a wave starts when the one before it is up), and what must hold before the
 * cluster counts as ready.
 *
 * @param waves the nodes, wave by wave
 * @param ready waits, after the last wave, until the cluster can do its job
 * @param proxy the {@code toxiproxy} node (started with the first wave) and its proxies, one
 *     per server node, created once every wave is up
 */
record Plan(List<List<NodeSpec>> waves, Runnable ready, ProxyPlan proxy) {

    /** The name Sentinels know the master by. */
    static final int SENTINELS = 3;
    static final int REPLICAS = 2;
    static final int REDLOCK_MASTERS = 5;
    static final String TOKEN_SERVER = "zk-tokens";
    static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

    static Plan of(Topology topology, ClusterOptions options, ImageTags images) {
        return withProxy(servers(topology, options, images), options, images);
    }

    /** The server nodes' plan, with the proxy node added to the first wave. */
    private static Plan withProxy(Servers servers, ClusterOptions options, ImageTags images) {
        ProxyPlan proxy = ProxyPlan.forNodes(servers.waves(), options, images);
        List<List<NodeSpec>> waves = new ArrayList<>(servers.waves());
        List<NodeSpec> first = new ArrayList<>(waves.get(0));
        first.add(proxy.spec());
        waves.set(0, List.copyOf(first));
        return new Plan(List.copyOf(waves), servers.ready(), proxy);
    }

    private static Servers servers(Topology topology, ClusterOptions options, ImageTags images) {
        switch (topology) {
            case REDIS_SINGLE:
                return new Servers(List.of(withStorage(masters(1, options, images), options, images)), () -> { });
            case REDLOCK:
                return new Servers(List.of(withStorage(masters(REDLOCK_MASTERS, options, images), options, images)),
                        () -> { });
            case REDIS_REPLICATED:
                return replicated(options, images);
            case ZOOKEEPER:
                return zookeeper(options, images);
            case POSTGRES, POSTGRES_PGBOUNCER:
                return new Servers(PostgresPlan.waves(topology, withStorage(List.of(), options, images), images), () -> { });
            default:
                throw new ClusterException("no plan for topology " + topology.id());
        }
    }

    /** The server nodes of a topology, wave by wave, and its readiness check. */
    private record Servers(List<List<NodeSpec>> waves, Runnable ready) {
    }

    private static Servers replicated(ClusterOptions options, ImageTags images) {
        List<NodeSpec> data = new ArrayList<>(masters(1, options, images));
        String master = data.get(0).name();
        for (int i = 2; i <= REPLICAS + 1; i++) {
            data.add(redis("redis-" + i, Role.REPLICA, options, images).withReplicaOfSpec(master));
        }
        var monitor = new SentinelContainer.Monitor(Cluster.SENTINEL_MASTER, master, RedisContainer.PORT,
                2, 1000, 3000);
        List<SentinelContainer> sentinels = IntStream.rangeClosed(1, SENTINELS)
                .mapToObj(i -> new SentinelContainer(images.tag(Image.REDIS), monitor)).toList();
        List<NodeSpec> sentinelWave = IntStream.range(0, SENTINELS)
                .mapToObj(i -> new NodeSpec("sentinel-" + (i + 1), Role.SENTINEL, SentinelContainer.PORT,
                        false, sentinels.get(i)))
                .toList();
        Runnable ready = () -> sentinels.forEach(s -> s.awaitQuorumView(REPLICAS, SENTINELS - 1, READY_TIMEOUT));
        return new Servers(List.of(withStorage(data, options, images), sentinelWave), ready);
    }

    private static Servers zookeeper(ClusterOptions options, ImageTags images) {
        List<String> names = IntStream.rangeClosed(1, options.zkNodes()).mapToObj(i -> "zk-" + i).toList();
        List<NodeSpec> nodes = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            nodes.add(new NodeSpec(names.get(i), Role.ZK, ZooKeeperContainer.CLIENT_PORT, true,
                    new ZooKeeperContainer(images.tag(Image.ZOOKEEPER), i + 1, names).withStartGate()));
        }
        // Gated: the servers start once their quorum links go through the proxies (QuorumLinks).
        return new Servers(List.of(withStorage(nodes, options, images)), () -> { });
    }

    private static List<NodeSpec> masters(int count, ClusterOptions options, ImageTags images) {
        return IntStream.rangeClosed(1, count)
                .mapToObj(i -> redis("redis-" + i, Role.MASTER, options, images).spec())
                .toList();
    }

    /** The ledger's Redis, and on a Redis topology with {@link ClusterOptions#tokenServer()} {@code zk-tokens}. */
    private static List<NodeSpec> withStorage(List<NodeSpec> nodes, ClusterOptions options, ImageTags images) {
        List<NodeSpec> all = new ArrayList<>(nodes);
        all.add(redis("storage", Role.STORAGE, options, images).spec());
        if (options.tokenServer() && nodes.stream().noneMatch(n -> n.role() == Role.ZK)) {
            all.add(new NodeSpec(TOKEN_SERVER, Role.TOKENS, ZooKeeperContainer.CLIENT_PORT, true,
                    new ZooKeeperContainer(images.tag(Image.ZOOKEEPER), 1, List.of(TOKEN_SERVER))));
        }
        return List.copyOf(all);
    }

    private static RedisNode redis(String name, Role role, ClusterOptions options, ImageTags images) {
        return new RedisNode(name, role, new RedisContainer(images.tag(Image.REDIS)).withPersistence(options.persist()));
    }

    /** A Redis node being specified. */
    private record RedisNode(String name, Role role, RedisContainer container) {
        NodeSpec spec() {
            return new NodeSpec(name, role, RedisContainer.PORT, container.isPersistent(), container);
        }

        NodeSpec withReplicaOfSpec(String master) {
            container.withReplicaOf(master);
            return spec();
        }
    }
}
