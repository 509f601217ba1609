package io.lockchaos.cluster.nemesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.testkit.Await;
import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Topology;
import io.lockchaos.faults.nemesis.ActiveFault;
import io.lockchaos.faults.nemesis.NodeNemesis;
import io.lockchaos.faults.schedule.FaultParser;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * In {@code redis-replicated} each replica replicates through a proxy of its own
 * ({@code redis-2-replication}): a blackhole there keeps the master's writes from that replica
 * alone until healed, and 500 ms of latency there delays them by at least that much, while the
 * replica's client link stays fast.
 */
@Tag("chaos")
class ReplicationLinksIT {

    private static final Duration CATCH_UP = Duration.ofSeconds(60);

    @Test
    void toxicsOnAReplicationLinkActOnThatReplicaOnly() {
        try (Cluster cluster = Clusters.start(Topology.REDIS_REPLICATED, ClusterOptions.DEFAULTS)) {
            Recorded recorded = new Recorded();
            NodeNemesis nemesis = new NodeNemesis(ClusterTargets.of(cluster), recorded, 1);
            try (Jedis master = client(cluster, "redis-1"); Jedis cut = client(cluster, "redis-2");
                 Jedis other = client(cluster, "redis-3")) {
                String replicas = master.clientList(redis.clients.jedis.args.ClientType.REPLICA);
                String proxyIp = cluster.proxy().ip();
                assertEquals(2, replicas.lines().filter(l -> l.contains("addr=" + proxyIp + ":")).count(),
                        "both replicas reach the master through the proxy: " + replicas);
                String info = master.info("replication");
                assertTrue(info.contains("ip=" + cluster.node("redis-2").ip() + ",port=6379"),
                        "the replica announces its own address: " + info);
                blackholed(nemesis, master, cut, other);
                delayed(nemesis, cluster, master, cut);
            } finally {
                nemesis.healAll();
            }
        }
    }

    private static void blackholed(NodeNemesis nemesis, Jedis master, Jedis cut, Jedis other) {
        try (ActiveFault hole = inject(nemesis, "blackhole redis-2-replication")) {
            master.set("during-blackhole", "v1");
            Await.until(Duration.ofSeconds(10), "redis-3 received the write", () -> "v1".equals(other.get("during-blackhole")));
            Await.holdsFor(Duration.ofSeconds(2), "redis-2 has not received the write",
                    () -> cut.get("during-blackhole") == null);
        }
        Await.until(CATCH_UP, "redis-2 caught up after the heal", () -> "v1".equals(cut.get("during-blackhole")));
    }

    private static void delayed(NodeNemesis nemesis, Cluster cluster, Jedis master, Jedis cut) {
        try (ActiveFault slow = inject(nemesis, "latency redis-2-replication 500ms")) {
            master.set("during-latency", "v2");
            long start = System.nanoTime();
            long masterOffset = offset(master.info("replication"), "master_repl_offset:");
            long replicaOffset = offset(cut.info("replication"), "slave_repl_offset:");
            assertTrue(replicaOffset < masterOffset, "the replica's offset lags: " + replicaOffset + " < " + masterOffset);
            Await.until(Duration.ofSeconds(10), "redis-2 received the write", () -> "v2".equals(cut.get("during-latency")));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(millis >= 450, "the write reached redis-2 only after the link's latency: " + millis + " ms");
            try (Jedis proxied = new Jedis(Node.HOST, cluster.node("redis-2").proxyPort(), 5000)) {
                long t = System.nanoTime();
                assertEquals("PONG", proxied.ping());
                assertTrue((System.nanoTime() - t) / 1_000_000 < 450, "redis-2's client link is not delayed");
            }
        }
    }

    private static ActiveFault inject(NodeNemesis nemesis, String text) {
        return nemesis.inject(FaultParser.parse("test", 0, text).fault());
    }

    private static Jedis client(Cluster cluster, String name) {
        return new Jedis(Node.HOST, cluster.node(name).hostPort(), 5000);
    }

    private static long offset(String info, String field) {
        return info.lines().filter(l -> l.startsWith(field)).map(l -> Long.parseLong(l.substring(field.length()).strip()))
                .findFirst().orElseThrow(() -> new AssertionError("no " + field + " in " + info));
    }
}
