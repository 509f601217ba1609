package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.faults.schedule.FaultSpec.Reach;
import io.lockchaos.workloads.backend.LockBackends;
import io.lockchaos.workloads.lock.LockBackend;
import io.lockchaos.workloads.lock.TopologyName;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The registry of topologies against the backends and itself (no Docker): every topology a
 * backend names is registered, every registered one has a backend, and each descriptor's facts
 * fit its layout.
 */
class TopologyRegistryTest {

    @Test
    void everyTopologyABackendNamesIsRegistered() {
        for (LockBackend backend : LockBackends.BUILT_IN) {
            assertFalse(backend.topologies().isEmpty(), backend.name() + " names no topology");
            for (TopologyName name : backend.topologies()) {
                assertEquals(name, Topology.of(name).typedName(), backend.name());
            }
        }
    }

    @Test
    void everyRegisteredTopologyHasABuiltInBackend() {
        for (Topology t : Topology.values()) {
            assertTrue(LockBackends.BUILT_IN.stream().anyMatch(b -> b.topologies().contains(t.typedName())),
                    t.id() + " is registered but no backend of LockBackends.BUILT_IN runs on it");
        }
    }

    @Test
    void anUnknownNameListsTheRegisteredOnes() {
        ClusterException e = assertThrows(ClusterException.class, () -> Topology.of(new TopologyName("etcd-x")));
        assertTrue(e.getMessage().contains("valid topologies: redis-single, redis-replicated, redlock, zookeeper"),
                e.getMessage());
    }

    @Test
    void aLockClientIsGivenFaultableNodesOfItsTopologysLayout() {
        for (Topology t : Topology.values()) {
            Role role = t.descriptor().clientRole();
            Layout layout = Layout.of(t, ClusterOptions.DEFAULTS);
            assertFalse(layout.names(role).isEmpty(), t.id() + ": no " + role.label() + " node for a lock client");
            assertTrue(role.faulted(), t.id() + ": a lock client's nodes must take faults");
        }
    }

    @Test
    void everyOptionATopologyHandsAClientIsOneItsBackendsTake() {
        for (Topology t : Topology.values()) {
            for (String option : t.descriptor().clientDefaults().keySet()) {
                for (LockBackend b : LockBackends.BUILT_IN) {
                    if (b.runsOn(t.typedName())) {
                        assertTrue(b.option(option).isPresent(), t.id() + " hands " + option + " to " + b.name()
                                + ", which does not declare it");
                    }
                }
                assertTrue(LockBackends.CLASS.option(option).isPresent(), option + " undeclared for class backends");
            }
        }
    }

    @Test
    void onlySentinelsOfferAPrimaryAndOnlyReplicasAndZooKeeperHavePeerLinks() {
        assertEquals(List.of(Topology.REDIS_REPLICATED), List.of(Topology.values()).stream()
                .filter(t -> Layout.of(t, ClusterOptions.DEFAULTS).offers(Reach.PRIMARY)).toList());
        assertEquals(List.of("redis-1", "redis-2", "redis-3", "sentinel-1", "sentinel-2", "sentinel-3",
                "redis-2-replication", "redis-3-replication"),
                Layout.of(Topology.REDIS_REPLICATED, ClusterOptions.DEFAULTS).links());
        assertEquals(List.of("zk-1", "zk-2", "zk-3", "zk-1-quorum", "zk-2-quorum", "zk-3-quorum"),
                Layout.of(Topology.ZOOKEEPER, ClusterOptions.DEFAULTS).links());
        assertEquals(List.of("redis-1"), Layout.of(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS).servers());
    }
}
