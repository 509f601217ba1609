package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Ports;
import io.lockchaos.cluster.containers.EtcdContainer;
import io.lockchaos.cluster.containers.FourLetterWords;
import io.lockchaos.workloads.hazelcast.HazelcastFencedLock;
import io.lockchaos.workloads.hazelcast.HazelcastMember;
import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.Grant;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/**
 * Every topology starts, answers on every node, directly and through its proxy, publishes its
 * ports (the proxy's API included) on 127.0.0.1 only, and leaves nothing behind (the proxy
 * container included) when closed.
 */
@Tag("chaos")
class TopologyStartIT {

    @ParameterizedTest
    @EnumSource(Topology.class)
    void startsAnswersAndStopsWithoutTrace(Topology topology) {
        Cluster cluster = Timings.timedStart(topology, ClusterOptions.DEFAULTS);
        String runId = cluster.runId();
        try {
            assertEquals(1, cluster.nodes(Role.STORAGE).size());
            assertEquals(Layout.of(topology, ClusterOptions.DEFAULTS).nodes(),
                    cluster.nodes().stream().map(n -> new Layout.Member(n.name(), n.role())).toList(),
                    "the started nodes, in the cluster's order, are the layout's");
            assertEquals(Node.PROXY_HOST, cluster.proxy().name());
            for (Node node : cluster.nodes()) {
                assertTrue(node.pid() > 0 && !node.ip().isEmpty() && node.hostPort() > 0, node.toString());
                if (node.role() == Role.PROXY) {
                    assertFalse(node.hasProxy(), node.toString());
                    continue;
                }
                assertTrue(node.hasProxy() && node.proxyInternalPort() > 0, node.toString());
                ServingProbe.Answer direct = node.role().serving().ask(command -> Docker.exec(node, command), node.port(),
                        node.hostPort());
                assertTrue(direct.serving(), node.name() + " serves as its role's probe asks: " + direct.text());
                switch (node.role()) {
                    case ZK, TOKENS -> assertEquals("imok", FourLetterWords.send(node.host(), node.proxyPort(), "ruok",
                            Duration.ofSeconds(10)), "via proxy: " + node);
                    case ETCD -> assertTrue(EtcdContainer.health(node.host(), node.proxyPort()), "via proxy: " + node);
                    case HAZELCAST -> assertFencedLockGranted(node);
                    case PG, BOUNCER -> assertPostgresAnswers(node, runId);
                    case MASTER, REPLICA, SENTINEL, STORAGE -> assertRedisAnswers(node, runId);
                    case PROXY -> throw new AssertionError("the proxy has no proxy of its own: " + node);
                }
            }
            if (topology == Topology.ZOOKEEPER) {
                assertCuratorWritesAndReads(cluster);
            }
            assertPublishedOnLoopbackOnly(cluster);
        } finally {
            cluster.close();
            cluster.close();
        }
        assertEquals(0, Docker.resourcesOf(runId), "containers or network of run " + runId + " left behind");
    }

    /** A Redis node: PING directly and through its proxy; a master or the storage keeps a value written directly. */
    private static void assertRedisAnswers(Node node, String runId) {
        boolean writable = node.role() == Role.MASTER || node.role() == Role.STORAGE;
        try (Jedis jedis = new Jedis(node.host(), node.hostPort(), 5000)) {
            assertEquals("PONG", jedis.ping(), node.name());
            if (writable) {
                assertEquals("OK", jedis.set("k-" + node.name(), "v-" + runId));
            }
        }
        try (Jedis viaProxy = new Jedis(node.host(), node.proxyPort(), 5000)) {
            assertEquals("PONG", viaProxy.ping(), "via proxy: " + node);
            if (writable) {
                assertEquals("v-" + runId, viaProxy.get("k-" + node.name()), "via proxy: " + node);
            }
        }
    }

    /** A Hazelcast member, through its proxy: a FencedLock granted with a fence and released, as a lock client does it. */
    private static void assertFencedLockGranted(Node node) {
        try (HazelcastFencedLock lock = new HazelcastFencedLock(List.of(new Address(node.host(), node.proxyPort())),
                HazelcastMember.SESSION_TTL, Duration.ofSeconds(10))) {
            Acquisition a = lock.acquire("start-" + node.name(), Duration.ofSeconds(10));
            Grant grant = assertInstanceOf(Acquisition.Granted.class, a, "via proxy: " + node).grant();
            assertTrue(grant.token().orElse(0) > 0, "a fence via proxy: " + node + ": " + grant);
            assertTrue(lock.release(grant), "released via proxy: " + node);
        }
    }

    /** PostgreSQL or PgBouncer, through its proxy: a query over pgjdbc as the lock clients connect. */
    private static void assertPostgresAnswers(Node node, String runId) {
        String url = "jdbc:postgresql://" + node.host() + ":" + node.proxyPort() + "/lockchaos?prepareThreshold=0";
        try (Connection c = DriverManager.getConnection(url, "lockchaos", "lockchaos");
             ResultSet r = c.createStatement().executeQuery("SELECT '" + runId + "'")) {
            assertTrue(r.next(), "via proxy: " + node);
            assertEquals(runId, r.getString(1), "via proxy: " + node);
        } catch (SQLException e) {
            throw new AssertionError("via proxy: " + node + ": " + e, e);
        }
    }

    /** Every port of every node, the proxy's API and listen ports included, is published on 127.0.0.1 only. */
    private static void assertPublishedOnLoopbackOnly(Cluster cluster) {
        for (Node node : cluster.nodes()) {
            InspectContainerResponse info = Docker.client().inspectContainerCmd(node.containerId()).exec();
            assertFalse(Boolean.TRUE.equals(info.getHostConfig().getPublishAllPorts()), node.name() + " publishes all ports");
            List<String> published = new ArrayList<>();
            info.getNetworkSettings().getPorts().getBindings().forEach((port, on) -> {
                for (Ports.Binding binding : on == null ? new Ports.Binding[0] : on) {
                    published.add(port + " on " + binding.getHostIp());
                }
            });
            assertTrue(published.contains(ExposedPort.tcp(node.port()) + " on " + Node.HOST),
                    node.name() + "'s port " + node.port() + " is not published on " + Node.HOST + ": " + published);
            assertTrue(published.stream().allMatch(p -> p.endsWith(" on " + Node.HOST)),
                    node.name() + " publishes a port beyond " + Node.HOST + ": " + published);
            if (node.role() == Role.PROXY) {
                assertTrue(published.size() > 1, "the proxy's listen ports are published too: " + published);
            }
        }
    }

    private static void assertCuratorWritesAndReads(Cluster cluster) {
        try (CuratorFramework client = Zk.connect(cluster)) {
            Zk.call(client, c -> c.create().forPath("/lockchaos-probe", cluster.runId().getBytes(StandardCharsets.UTF_8)));
            assertEquals(cluster.runId(), new String(Zk.call(client, c -> c.getData().forPath("/lockchaos-probe")),
                    StandardCharsets.UTF_8));
            assertFalse(Zk.call(client, c -> c.getChildren().forPath("/")).isEmpty());
        }
    }
}
