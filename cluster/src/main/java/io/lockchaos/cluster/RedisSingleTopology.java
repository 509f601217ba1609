package io.lockchaos.cluster;

import java.util.List;

/** {@code redis-single}: one Redis master, {@code redis-1}, the naive {@code SET NX PX} lock's service. */
final class RedisSingleTopology implements TopologyDescriptor {

    @Override
    public List<Layout.Member> service(ClusterOptions options) {
        return RedisNodes.members(1, 1, Role.MASTER);
    }

    @Override
    public ServicePlan plan(ClusterOptions options, ImageTags images) {
        return ServicePlan.oneWave(RedisNodes.masters(1, options, images));
    }

    @Override
    public Role clientRole() {
        return Role.MASTER;
    }

    @Override
    public boolean redisService() {
        return true;
    }
}
