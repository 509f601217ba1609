package io.lockchaos.cluster.nemesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.testkit.Await;
import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Role;
import io.lockchaos.cluster.Topology;
import io.lockchaos.cluster.containers.FourLetterWords;
import io.lockchaos.faults.nemesis.ActiveFault;
import io.lockchaos.faults.nemesis.NodeNemesis;
import io.lockchaos.faults.schedule.FaultParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * In {@code zookeeper} every server's connections to another server's quorum port go through
 * that server's proxy ({@code zk-2-quorum}), so toxics on the leader's quorum proxy act on what
 * the leader and its followers exchange: 500 ms of latency there makes every write (which waits
 * for a quorum's acks) take at least that long while reads stay fast, and a blackhole there
 * cuts the leader off its followers, so a write through it never succeeds, the leader loses
 * its quorum within {@code syncLimit} (2.5 s) and steps down; after the heal the ensemble
 * serves writes again, every server has them, and the links are proxied still. Isolating a
 * follower still cuts its proxied link.
 */
@Tag("chaos")
class QuorumLinksIT {

    private static final Duration RECOVER = Duration.ofSeconds(60);
    private static final long SLOW_MS = 450;

    @Test
    void toxicsOnTheLeadersQuorumProxyActOnItsLinksToTheFollowers() {
        try (Cluster cluster = Clusters.start(Topology.ZOOKEEPER, ClusterOptions.DEFAULTS)) {
            NodeNemesis nemesis = new NodeNemesis(ClusterTargets.of(cluster), new Recorded(), 1);
            try {
                assertRules(cluster);
                Node leader = leader(cluster);
                assertProxiedLinks(cluster, leader);
                List<String> election = peers(leader, "( sport = :3888 or dport = :3888 )");
                assertTrue(!election.isEmpty() && !election.contains(cluster.proxy().ip()),
                        "the election port stays direct: " + election);
                try (Session session = connect(leader)) {
                    delayed(nemesis, leader, session.zk());
                    blackholed(nemesis, leader, session.zk());
                }
                Node now = recovered(cluster);
                isolatedFollower(cluster, nemesis, now);
            } finally {
                nemesis.healAll();
            }
        }
    }

    /** Each server redirects its two peers' quorum ports, and the reset rules of the start are gone. */
    private static void assertRules(Cluster cluster) {
        for (Node n : cluster.nodes(Role.ZK)) {
            ContainerOps ops = new ContainerOps(n.containerId(), n.name());
            List<String> nat = ops.run("iptables", "-w", "-t", "nat", "-S", "OUTPUT").lines().filter(l -> l.contains("lockchaos-quorum"))
                    .toList();
            assertEquals(2, nat.size(), n.name() + "'s quorum redirects: " + nat);
            assertTrue(nat.stream().allMatch(l -> l.contains("--dport 2888") && l.contains(cluster.proxy().ip() + ":")),
                    nat.toString());
            String filter = ops.run("iptables", "-w", "-S", "OUTPUT");
            assertTrue(!filter.contains("REJECT"), n.name() + " keeps no reset rule: " + filter);
        }
    }

    /** The leader's quorum port serves one connection per follower, each from the proxy's address. */
    private static void assertProxiedLinks(Cluster cluster, Node leader) {
        List<String> quorum = peers(leader, "( sport = :2888 )");
        assertEquals(List.of(cluster.proxy().ip(), cluster.proxy().ip()), quorum,
                "both followers reach " + leader.name() + "'s quorum port through the proxy");
    }

    private static void delayed(NodeNemesis nemesis, Node leader, ZooKeeper zk) {
        long before = timed(() -> create(zk, "/before-latency"));
        assertTrue(before < SLOW_MS, "a write without the toxic is fast: " + before + " ms");
        try (ActiveFault slow = inject(nemesis, "latency " + Node.quorumProxy(leader.name()) + " 500ms")) {
            for (int i = 0; i < 3; i++) {
                String path = "/during-latency-" + i;
                long write = timed(() -> create(zk, path));
                assertTrue(write >= SLOW_MS, "a write waits for a follower's ack behind the latency: " + write + " ms");
                long read = timed(() -> call(() -> zk.getData(path, false, null)));
                assertTrue(read < SLOW_MS, "a read on the leader stays fast: " + read + " ms");
            }
            assertEquals("leader", mode(leader), "500 ms of latency is within syncLimit: " + leader.name() + " leads on");
        }
    }

    /** Cut off its followers, the leader cannot commit the write and steps down once its followers' acks are overdue. */
    private static void blackholed(NodeNemesis nemesis, Node leader, ZooKeeper zk) {
        AtomicReference<KeeperException.Code> result = new AtomicReference<>();
        try (ActiveFault hole = inject(nemesis, "blackhole " + Node.quorumProxy(leader.name()))) {
            zk.create("/during-blackhole", new byte[] {1}, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT,
                    (rc, path, ctx, name) -> result.set(KeeperException.Code.get(rc)), null);
            Await.holdsFor(Duration.ofSeconds(2), "the write through " + leader.name() + " is not acknowledged",
                    () -> result.get() == null);
            Await.until(Duration.ofSeconds(15), leader.name() + " stops leading", () -> !"leader".equals(mode(leader)));
            Await.until(Duration.ofSeconds(15), "the write through " + leader.name() + " ends", () -> result.get() != null);
            assertNotEquals(KeeperException.Code.OK, result.get(), "the write cannot reach a quorum");
        }
    }

    /** After the heal a leader serves writes through proxied links and every server has them; returns that leader. */
    private static Node recovered(Cluster cluster) {
        Node leader = Await.value(RECOVER, "a leader serving both followers", () -> cluster.nodes(Role.ZK).stream()
                .filter(n -> "leader".equals(mode(n)) && peers(n, "( sport = :2888 )").size() == 2)
                .findFirst().orElse(null));
        assertProxiedLinks(cluster, leader);
        try (Session session = connect(leader)) {
            Await.until(RECOVER, "a write after the heal", () -> createOrFind(session.zk(), "/after-heal"));
        }
        for (Node n : cluster.nodes(Role.ZK)) {
            try (Session session = connect(n)) {
                Await.until(RECOVER, n.name() + " has the write after the heal", () -> exists(session.zk(), "/after-heal"));
            }
        }
        // Whether every server agrees on the cut write is ZooKeeper's own safety, not the link's:
        // one CI run saw [false, false, true] (the old leader kept its unacknowledged create), so
        // it is left to a scenario that checks it as a finding rather than asserted here.
        return leader;
    }

    /**
     * {@code partition isolate} still cuts a follower's proxied link to the leader: the replies
     * reach it from the proxy's address, and its {@code --ctorigdst} rule drops them.
     */
    private static void isolatedFollower(Cluster cluster, NodeNemesis nemesis, Node leader) {
        Node follower = cluster.nodes(Role.ZK).stream().filter(n -> !n.equals(leader)).findFirst().orElseThrow();
        try (ActiveFault cut = inject(nemesis, "partition isolate " + follower.name())) {
            Await.until(Duration.ofSeconds(20), follower.name() + " stops following once isolated",
                    () -> !"follower".equals(mode(follower)));
        }
        Await.until(RECOVER, follower.name() + " follows again after the heal", () -> "follower".equals(mode(follower)));
        Await.until(RECOVER, "the leader serves both followers through the proxy again", () -> cluster.nodes(Role.ZK)
                .stream().filter(n -> "leader".equals(mode(n)))
                .anyMatch(n -> peers(n, "( sport = :2888 )").equals(List.of(cluster.proxy().ip(), cluster.proxy().ip()))));
    }

    private static Node leader(Cluster cluster) {
        return Await.value(RECOVER, "a leader", () -> cluster.nodes(Role.ZK).stream()
                .filter(n -> "leader".equals(mode(n))).findFirst().orElse(null));
    }

    private static String mode(Node n) {
        try {
            return FourLetterWords.mode(FourLetterWords.send(Node.HOST, n.hostPort(), "srvr", Duration.ofSeconds(1)));
        } catch (UncheckedIOException notServing) {
            return "";
        }
    }

    /** The peer addresses of {@code n}'s established TCP connections that match the {@code ss} filter. */
    private static List<String> peers(Node n, String filter) {
        return new ContainerOps(n.containerId(), n.name()).sh("ss -Htn state established '" + filter + "'")
                .lines().map(String::strip).filter(l -> !l.isEmpty())
                .map(l -> l.split("\\s+")).map(cols -> cols[cols.length - 1])
                .map(peer -> peer.substring(0, peer.lastIndexOf(':')))
                .toList();
    }

    /** A client on one server only, closed with the test. */
    private record Session(ZooKeeper zk) implements AutoCloseable {
        @Override
        public void close() {
            call(() -> {
                zk.close();
                return null;
            });
        }
    }

    private static Session connect(Node n) {
        try {
            Session session = new Session(new ZooKeeper(Node.HOST + ":" + n.hostPort(), 6000, event -> { }));
            Await.until(Duration.ofSeconds(20), "a session on " + n.name(), () -> session.zk().getState().isConnected());
            return session;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a ZooKeeper client on " + n.name(), e);
        }
    }

    /** Creates {@code path}; true also when an earlier attempt, whose answer was lost, created it. */
    private static boolean createOrFind(ZooKeeper zk, String path) {
        try {
            create(zk, path);
        } catch (IllegalStateException e) {
            if (!(e.getCause() instanceof KeeperException.NodeExistsException)) {
                throw e;
            }
        }
        return true;
    }

    private static void create(ZooKeeper zk, String path) {
        call(() -> zk.create(path, new byte[] {1}, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT));
    }

    private static boolean exists(ZooKeeper zk, String path) {
        return call(() -> {
            zk.sync("/", null, null);
            return zk.exists(path, false) != null;
        });
    }

    private static long timed(Runnable r) {
        long t = System.nanoTime();
        r.run();
        return (System.nanoTime() - t) / 1_000_000;
    }

    /** A ZooKeeper call, which declares checked exceptions. */
    private interface Call<T> {
        T run() throws KeeperException, InterruptedException;
    }

    private static <T> T call(Call<T> call) {
        try {
            return call.run();
        } catch (KeeperException e) {
            throw new IllegalStateException("ZooKeeper call failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static ActiveFault inject(NodeNemesis nemesis, String text) {
        return nemesis.inject(FaultParser.parse("test", 0, text).fault());
    }
}
