package io.lockchaos.cluster;

import io.lockchaos.cluster.ImageTags.Image;
import io.lockchaos.cluster.containers.ZooKeeperContainer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * {@code zookeeper}: an ensemble {@code zk-1} to {@code zk-<zkNodes>} (3 or 5), every member a lock
 * client's. The servers start gated: they begin once their quorum links go through the proxies
 * ({@link QuorumLinks}), which is when the cluster is ready.
 */
final class ZooKeeperTopology implements TopologyDescriptor {

    @Override
    public List<Layout.Member> service(ClusterOptions options) {
        return names(options).stream().map(n -> new Layout.Member(n, Role.ZK)).toList();
    }

    @Override
    public ServicePlan plan(ClusterOptions options, ImageTags images) {
        List<String> names = names(options);
        List<NodeSpec> nodes = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            nodes.add(new NodeSpec(names.get(i), Role.ZK, ZooKeeperContainer.CLIENT_PORT, true,
                    new ZooKeeperContainer(images.tag(Image.ZOOKEEPER), i + 1, names).withStartGate()));
        }
        return ServicePlan.oneWave(nodes);
    }

    private static List<String> names(ClusterOptions options) {
        return IntStream.rangeClosed(1, options.zkNodes()).mapToObj(i -> "zk-" + i).toList();
    }

    @Override
    public Role clientRole() {
        return Role.ZK;
    }

    @Override
    public boolean redisService() {
        return false;
    }
}
