package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.testkit.Await;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.SetParams;

/**
 * The faketime offset file moves a server's wall clock: Redis expires a lease at once,
 * while a ZooKeeper session (timed by a monotonic clock) lives on.
 */
@Tag("chaos")
class ClockSkewIT {

    @Test
    void redisClockJumpExpiresALeaseAtOnce() {
        try (Cluster cluster = Clusters.start(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS)) {
            Node redis = cluster.node("redis-1");
            try (Jedis jedis = new Jedis(redis.host(), redis.hostPort(), 5000)) {
                long before = Long.parseLong(jedis.time().get(0));
                assertEquals("OK", jedis.set("lock:job-0", "worker-a", SetParams.setParams().nx().px(60_000)));
                Docker.setClockOffset(redis, "+120s");
                long after = Long.parseLong(jedis.time().get(0));
                assertTrue(after - before >= 119 && after - before < 180, "TIME moved " + (after - before) + " s");
                assertNull(jedis.get("lock:job-0"), "the 60 s lease outlived a 120 s clock jump");
                assertEquals("OK", jedis.set("lock:job-0", "worker-b", SetParams.setParams().nx().px(60_000)),
                        "a second worker takes the 'held' lock");
                Docker.setClockOffset(redis, "+0");
                long reset = Long.parseLong(jedis.time().get(0));
                assertTrue(reset - before < 60, "clock back near true time, moved " + (reset - before) + " s");
            }
        }
    }

    @Test
    void zooKeeperClockJumpLeavesTheSessionAlive() {
        try (Cluster cluster = Clusters.start(Topology.ZOOKEEPER, ClusterOptions.DEFAULTS);
             CuratorFramework client = Zk.connect(cluster)) {
            AtomicReference<ConnectionState> worst = new AtomicReference<>(ConnectionState.CONNECTED);
            client.getConnectionStateListenable().addListener((c, state) -> {
                if (state == ConnectionState.LOST || state == ConnectionState.SUSPENDED) {
                    worst.compareAndSet(ConnectionState.CONNECTED, state);
                }
            });
            long session = Zk.call(client, c -> c.getZookeeperClient().getZooKeeper().getSessionId());
            Zk.call(client, c -> c.create().withMode(CreateMode.EPHEMERAL).forPath("/holder"));
            long trueNow = System.currentTimeMillis();
            cluster.nodes(Role.ZK).forEach(n -> Docker.setClockOffset(n, "+120s"));

            Stat stat = new Stat();
            Zk.call(client, c -> c.create().storingStatIn(stat).forPath("/after-skew"));
            assertTrue(stat.getCtime() - trueNow >= 119_000, "the ensemble's wall clock moved "
                    + (stat.getCtime() - trueNow) + " ms (znode ctime)");

            int timeout = Zk.call(client, c -> c.getZookeeperClient().getZooKeeper().getSessionTimeout());
            Await.holdsFor(Duration.ofMillis(3L * timeout), "session " + Long.toHexString(session)
                    + " alive, its ephemeral node present", () ->
                    Zk.call(client, c -> c.getZookeeperClient().getZooKeeper().getSessionId()) == session
                            && Zk.call(client, c -> c.checkExists().forPath("/holder")) != null);
            assertEquals(ConnectionState.CONNECTED, worst.get(), "connection state never left CONNECTED");
        }
    }
}
