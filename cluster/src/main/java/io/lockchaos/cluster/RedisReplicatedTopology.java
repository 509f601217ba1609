package io.lockchaos.cluster;

import io.lockchaos.cluster.ImageTags.Image;
import io.lockchaos.cluster.containers.RedisContainer;
import io.lockchaos.cluster.containers.SentinelContainer;
import io.lockchaos.workloads.lock.LockConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * {@code redis-replicated}: master {@code redis-1}, replicas {@code redis-2} and {@code redis-3},
 * then (a second wave) Sentinels {@code sentinel-1} to {@code sentinel-3} with quorum 2, watching
 * the master as {@link Cluster#SENTINEL_MASTER}. A lock client is given the Sentinels and that
 * master name. Ready when every Sentinel sees both replicas and its two peers.
 */
final class RedisReplicatedTopology implements TopologyDescriptor {

    static final int REPLICAS = 2;
    static final int SENTINELS = 3;
    private static final int QUORUM = 2;
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

    @Override
    public List<Layout.Member> service(ClusterOptions options) {
        List<Layout.Member> nodes = new ArrayList<>(RedisNodes.members(1, 1, Role.MASTER));
        nodes.addAll(RedisNodes.members(2, REPLICAS + 1, Role.REPLICA));
        IntStream.rangeClosed(1, SENTINELS).forEach(i -> nodes.add(new Layout.Member(sentinel(i), Role.SENTINEL)));
        return nodes;
    }

    @Override
    public ServicePlan plan(ClusterOptions options, ImageTags images) {
        List<NodeSpec> data = new ArrayList<>(RedisNodes.masters(1, options, images));
        String master = data.get(0).name();
        for (int i = 2; i <= REPLICAS + 1; i++) {
            RedisContainer replica = RedisNodes.container(options, images).withReplicaOf(master);
            data.add(RedisNodes.spec("redis-" + i, Role.REPLICA, replica));
        }
        var monitor = new SentinelContainer.Monitor(Cluster.SENTINEL_MASTER, master, RedisContainer.PORT,
                QUORUM, 1000, 3000);
        List<SentinelContainer> sentinels = IntStream.rangeClosed(1, SENTINELS)
                .mapToObj(i -> new SentinelContainer(images.tag(Image.REDIS), monitor)).toList();
        List<NodeSpec> sentinelWave = IntStream.range(0, SENTINELS)
                .mapToObj(i -> new NodeSpec(sentinel(i + 1), Role.SENTINEL, SentinelContainer.PORT, false,
                        sentinels.get(i)))
                .toList();
        Runnable ready = () -> sentinels.forEach(s -> s.awaitQuorumView(REPLICAS, SENTINELS - 1, READY_TIMEOUT));
        return new ServicePlan(List.of(data, sentinelWave), ready);
    }

    private static String sentinel(int i) {
        return "sentinel-" + i;
    }

    @Override
    public Role clientRole() {
        return Role.SENTINEL;
    }

    @Override
    public Map<String, String> clientDefaults() {
        return Map.of(LockConfig.SENTINEL_MASTER, Cluster.SENTINEL_MASTER);
    }

    @Override
    public boolean redisService() {
        return true;
    }
}
