package io.lockchaos.cluster;

import java.util.List;

/** {@code redlock}: five independent Redis masters, {@code redis-1} to {@code redis-5}, every one a lock client's. */
final class RedlockTopology implements TopologyDescriptor {

    static final int MASTERS = 5;

    @Override
    public List<Layout.Member> service(ClusterOptions options) {
        return RedisNodes.members(1, MASTERS, Role.MASTER);
    }

    @Override
    public ServicePlan plan(ClusterOptions options, ImageTags images) {
        return ServicePlan.oneWave(RedisNodes.masters(MASTERS, options, images));
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
