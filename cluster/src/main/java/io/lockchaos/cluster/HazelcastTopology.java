package io.lockchaos.cluster;

import io.lockchaos.cluster.ImageTags.Image;
import io.lockchaos.cluster.containers.HazelcastContainer;
import java.util.List;

/**
 * {@code hazelcast}: three members {@code hz-1} to {@code hz-3} with the CP Subsystem on, every
 * one a CP member and a lock client's. The members start gated: they begin once their member
 * links go through the proxies ({@link HazelcastMembers}), which is when the cluster is ready.
 */
final class HazelcastTopology implements TopologyDescriptor {

    static final List<String> MEMBERS = List.of("hz-1", "hz-2", "hz-3");

    @Override
    public List<Layout.Member> service(ClusterOptions options) {
        return MEMBERS.stream().map(n -> new Layout.Member(n, Role.HAZELCAST)).toList();
    }

    @Override
    public ServicePlan plan(ClusterOptions options, ImageTags images) {
        return ServicePlan.oneWave(MEMBERS.stream().map(name -> new NodeSpec(name, Role.HAZELCAST,
                HazelcastContainer.CLIENT_PORT, false,
                new HazelcastContainer(images.tag(Image.JVM), NodeJar.find(), name, MEMBERS))).toList());
    }

    @Override
    public Role clientRole() {
        return Role.HAZELCAST;
    }

    @Override
    public boolean redisService() {
        return false;
    }
}
