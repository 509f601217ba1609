package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.containers.ProxyContainer;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the proxy node is planned, without Docker (Shopify's image is only named, never pulled). */
class ProxyPlanTest {

    private static final String UPSTREAM = "ghcr.io/shopify/toxiproxy:2.9.0";
    private final ImageTags images = ImageTags.forProject();

    @Test
    void everyServerNodeGetsARouteNamedAfterItOnAPortOfItsOwn() {
        Plan plan = Plan.of(Topology.REDIS_REPLICATED, ClusterOptions.DEFAULTS.withToxiproxyImage(UPSTREAM), images);
        List<ProxyPlan.Route> routes = plan.proxy().routes();
        List<String> servers = plan.waves().stream().flatMap(List::stream)
                .filter(n -> n.role() != Role.PROXY).map(NodeSpec::name).toList();
        assertEquals(servers, routes.stream().map(ProxyPlan.Route::node).toList());
        assertEquals(7, routes.size(), routes.toString());
        for (int i = 0; i < routes.size(); i++) {
            assertEquals(ProxyContainer.FIRST_LISTEN_PORT + i, routes.get(i).listenPort());
        }
        assertEquals("0.0.0.0:8666", routes.get(0).listen());
        assertEquals("redis-1:6379", routes.get(0).upstream());
        assertTrue(routes.stream().anyMatch(r -> r.upstream().equals("sentinel-1:26379")), routes.toString());
        assertTrue(routes.stream().anyMatch(r -> r.upstream().equals("storage:6379")), routes.toString());
    }

    @Test
    void theProxyStartsWithTheFirstWaveAndExposesItsApiAndEveryListenPort() {
        Plan plan = Plan.of(Topology.ZOOKEEPER, ClusterOptions.DEFAULTS.withZkNodes(5).withToxiproxyImage(UPSTREAM),
                images);
        assertTrue(plan.waves().get(0).contains(plan.proxy().spec()));
        assertEquals(Role.PROXY, plan.proxy().spec().role());
        assertEquals(Node.PROXY_HOST, plan.proxy().spec().name());
        List<Integer> exposed = plan.proxy().container().getExposedPorts();
        assertTrue(exposed.contains(ProxyContainer.API_PORT), exposed.toString());
        assertEquals(1 + 6 + 5, exposed.size(), "API + five zk + storage + five quorum ports: " + exposed);
    }

    @Test
    void theUpstreamImageRunsWithItsOwnCommandLine() {
        Plan plan = Plan.of(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS.withToxiproxyImage(UPSTREAM), images);
        assertEquals(UPSTREAM, plan.proxy().container().image());
        assertArrayEquals(new String[] {"-host=0.0.0.0"}, plan.proxy().container().getCommandParts());
    }

    @Test
    void anEmptyImageMeansLockchaossOwnServer() {
        assertFalse(ClusterOptions.DEFAULTS.withToxiproxyImage(" ").upstreamToxiproxy());
        assertFalse(ClusterOptions.DEFAULTS.withToxiproxyImage(null).upstreamToxiproxy());
        assertTrue(ClusterOptions.DEFAULTS.withToxiproxyImage(UPSTREAM).upstreamToxiproxy());
        assertEquals(UPSTREAM, new ClusterOptions(3, true, UPSTREAM).withPersist(false).withZkNodes(5).toxiproxyImage());
    }

    @Test
    void eachReplicaGetsAReplicationProxyUpstreamTheMasterAfterTheNodeRoutes() {
        Plan plan = Plan.of(Topology.REDIS_REPLICATED, ClusterOptions.DEFAULTS.withToxiproxyImage(UPSTREAM), images);
        List<ProxyPlan.ReplicationRoute> replication = plan.proxy().replication();
        assertEquals(List.of("redis-2-replication", "redis-3-replication"),
                replication.stream().map(ProxyPlan.ReplicationRoute::name).toList());
        assertEquals("redis-1:6379", replication.get(0).upstream());
        assertEquals(ProxyContainer.FIRST_LISTEN_PORT + 7, replication.get(0).listenPort(), "after the 7 node routes");
        assertEquals("0.0.0.0:8674", replication.get(1).listen());
        assertEquals(1 + 7 + 2, plan.proxy().container().getExposedPorts().size());
        assertEquals(List.of(), Plan.of(Topology.REDLOCK, ClusterOptions.DEFAULTS.withToxiproxyImage(UPSTREAM), images)
                .proxy().replication(), "independent masters replicate nothing");
    }

    @Test
    void eachZooKeeperServerGetsAQuorumProxyUpstreamItsQuorumPortAfterTheNodeRoutes() {
        Plan plan = Plan.of(Topology.ZOOKEEPER, ClusterOptions.DEFAULTS.withToxiproxyImage(UPSTREAM), images);
        List<ProxyPlan.QuorumRoute> quorum = plan.proxy().quorum();
        assertEquals(List.of("zk-1-quorum", "zk-2-quorum", "zk-3-quorum"),
                quorum.stream().map(ProxyPlan.QuorumRoute::name).toList());
        assertEquals(List.of("zk-1:2888", "zk-2:2888", "zk-3:2888"),
                quorum.stream().map(ProxyPlan.QuorumRoute::upstream).toList());
        assertEquals(ProxyContainer.FIRST_LISTEN_PORT + 4, quorum.get(0).listenPort(), "after zk-1..3 and storage");
        assertEquals("0.0.0.0:8672", quorum.get(2).listen());
        assertEquals(List.of(), plan.proxy().replication(), "ZooKeeper has no Redis replicas");
        assertEquals(1 + 4 + 3, plan.proxy().container().getExposedPorts().size());
        assertEquals(List.of(), Plan.of(Topology.REDIS_REPLICATED, ClusterOptions.DEFAULTS.withToxiproxyImage(UPSTREAM),
                images).proxy().quorum(), "Redis has no quorum port");
    }

    @Test
    void eachEtcdMemberGetsAPeerProxyUpstreamItsPeerPortAfterTheNodeRoutes() {
        Plan plan = Plan.of(Topology.ETCD, ClusterOptions.DEFAULTS.withToxiproxyImage(UPSTREAM), images);
        List<ProxyPlan.PeerRoute> peers = plan.proxy().peers();
        assertEquals(List.of("etcd-1-peer", "etcd-2-peer", "etcd-3-peer"),
                peers.stream().map(ProxyPlan.PeerRoute::name).toList());
        assertEquals(List.of("etcd-1:2380", "etcd-2:2380", "etcd-3:2380"),
                peers.stream().map(ProxyPlan.PeerRoute::upstream).toList());
        assertEquals(ProxyContainer.FIRST_LISTEN_PORT + 4, peers.get(0).listenPort(), "after etcd-1..3 and storage");
        assertEquals(List.of(), plan.proxy().quorum(), "etcd has no ZooKeeper quorum port");
        assertEquals(List.of(), Plan.of(Topology.ZOOKEEPER, ClusterOptions.DEFAULTS.withToxiproxyImage(UPSTREAM),
                images).proxy().peers(), "ZooKeeper has no etcd peer port");
    }

    @Test
    void aTokenServerJoinsARedisTopologyOnlyWhenAskedAndNeverAnEnsemble() {
        ClusterOptions tokens = ClusterOptions.DEFAULTS.withToxiproxyImage(UPSTREAM).withTokenServer(true);
        List<NodeSpec> redlock = Plan.of(Topology.REDLOCK, tokens, images).waves().get(0);
        assertEquals(List.of("zk-tokens"), redlock.stream().filter(n -> n.role() == Role.TOKENS).map(NodeSpec::name).toList());
        assertTrue(Plan.of(Topology.REDLOCK, tokens.withTokenServer(false), images).waves().get(0).stream()
                .noneMatch(n -> n.role() == Role.TOKENS));
        assertTrue(Plan.of(Topology.ZOOKEEPER, tokens, images).waves().get(0).stream()
                .noneMatch(n -> n.role() == Role.TOKENS), "the ensemble serves zk tokens itself");
    }
}
