package io.lockchaos.cluster;

import io.lockchaos.cluster.ImageTags.Image;
import io.lockchaos.cluster.containers.EtcdContainer;
import java.util.List;

/**
 * {@code etcd}: three members {@code etcd-1} to {@code etcd-3}, every one a lock client's. The
 * members start gated: they begin once their peer links go through the proxies
 * ({@link EtcdMembers}), which is when the cluster is ready.
 */
final class EtcdTopology implements TopologyDescriptor {

    static final List<String> MEMBERS = List.of("etcd-1", "etcd-2", "etcd-3");

    @Override
    public List<Layout.Member> service(ClusterOptions options) {
        return MEMBERS.stream().map(n -> new Layout.Member(n, Role.ETCD)).toList();
    }

    @Override
    public ServicePlan plan(ClusterOptions options, ImageTags images) {
        return ServicePlan.oneWave(MEMBERS.stream().map(name -> new NodeSpec(name, Role.ETCD, EtcdContainer.CLIENT_PORT,
                true, new EtcdContainer(images.tag(Image.ETCD), name, MEMBERS))).toList());
    }

    @Override
    public Role clientRole() {
        return Role.ETCD;
    }

    @Override
    public boolean redisService() {
        return false;
    }
}
