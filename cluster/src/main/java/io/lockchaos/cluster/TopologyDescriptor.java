package io.lockchaos.cluster;

import java.util.List;
import java.util.Map;

/**
 * One topology as data and wiring: everything that differs between topologies, asked of it by
 * {@link Layout} (what a schedule may name), {@link Plan} (what starts, and when it is ready),
 * {@link Cluster#lockNodes()} and {@link LockWiring} (what a lock client is handed) and the
 * scenario check (which token sources fit). What a node of a role takes of the faults is its
 * {@link Role}'s. Every topology also gets, from {@link Plan} and {@link Layout}, the ledger's
 * {@code storage} Redis, the {@code toxiproxy} node, and {@code zk-tokens} when asked for and it
 * has no ZooKeeper of its own; a descriptor names only its lock service.
 *
 * <p>Registered by one line in {@link Topology}.
 */
public interface TopologyDescriptor {

    /**
     * The lock service's nodes by name and role, in the order the cluster lists them, as
     * {@code options} start them (a ZooKeeper ensemble's size is {@link ClusterOptions#zkNodes()}).
     * Its unit test holds them equal to what {@link #plan} starts.
     */
    List<Layout.Member> service(ClusterOptions options);

    /**
     * The lock service's nodes to start (not yet started), wave by wave, and what must hold after
     * the last wave before the cluster counts as ready.
     */
    ServicePlan plan(ClusterOptions options, ImageTags images);

    /** The role of the nodes a lock client is given: the master, the Sentinels, the masters, the ensemble. */
    Role clientRole();

    /**
     * Options every lock client on this topology is handed unless the scenario gives them (the
     * master name the Sentinels watch); none by default.
     */
    default Map<String, String> clientDefaults() {
        return Map.of();
    }

    /** Whether its lock service is Redis, on which {@code redis-incr} tokens are counted. */
    boolean redisService();
}
