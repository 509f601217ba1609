package io.lockchaos.cluster;

import io.lockchaos.cluster.containers.FourLetterWords;
import io.lockchaos.cluster.containers.ZooKeeperContainer;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * Sends the ZooKeeper quorum links through the proxy: in every server's network namespace a
 * NAT rule per other server ({@code iptables -t nat -A OUTPUT -p tcp -d ZK_IP --dport 2888 -j
 * DNAT --to-destination toxiproxy:PORT}, tagged {@value #TAG}, which fault sweeps never remove)
 * sends its connections to that server's quorum port to the server's proxy,
 * {@code zk-2-quorum}. Only the leader serves port 2888, so a proxy carries every follower's
 * link while its server leads, and nothing otherwise. The election port (3888) stays direct.
 *
 * <p>NAT only catches new connections, so the rules go in before any server starts: the
 * servers are started gated ({@link ZooKeeperContainer#withStartGate()}), {@link #route} adds
 * the rules, opens every gate, and waits until the leader serves all its followers, every one
 * from the proxy's address. The ensemble forms once, through the proxies.
 *
 * <p>After a failover the followers connect to the new leader's quorum port, which the rules
 * redirect as well: the links stay proxied, through the new leader's proxy. A restarted server
 * loses its rules (a new network namespace), and its own link to the leader is then direct.
 */
final class QuorumLinks {

    /** The comment on our NAT rules; not {@code lockchaos}, so fault sweeps leave them alone. */
    static final String TAG = "lockchaos-quorum";

    private static final Duration FOUR_LETTER_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration POLL = Duration.ofMillis(200);
    /** Adds each rule ("$2"...), then opens the start gate ("$1"). */
    private static final String OPEN = "gate=$1; shift; " + ScriptCommand.EACH_RULE + "iptables -w $rule; done; touch \"$gate\"";

    /** A gated ZooKeeper server, its container and the proxy port of its quorum port on the proxy node. */
    record Member(Node node, ZooKeeperContainer container, int listenPort) {
    }

    private QuorumLinks() {
    }

    /**
     * Routes every member's quorum connections through the proxies at {@code proxyIp} and starts
     * the servers (each member's rules, then its gate, in one command; the members in parallel),
     * then waits, up to {@code timeout}, until a leader serves every other member through the
     * proxy. A single member has no quorum links: it is only started.
     */
    static void route(List<Member> members, String proxyIp, Duration timeout) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, members.size()));
        try {
            List<Future<?>> started = new ArrayList<>();
            for (Member m : members) {
                String[] args = Stream.concat(Stream.of(ZooKeeperContainer.GATE),
                        redirects(m, members, proxyIp).stream()).toArray(String[]::new);
                started.add(pool.submit(() -> Shell.script(m.container(), m.node().name(),
                        "route its quorum links and start", OPEN, args)));
            }
            for (Future<?> f : started) {
                await(f);
            }
        } finally {
            pool.shutdownNow();
        }
        if (members.size() < 2) {
            members.forEach(m -> m.container().awaitServing(timeout));
            return;
        }
        awaitProxiedLeader(members, proxyIp, timeout);
    }

    private static void await(Future<?> f) {
        try {
            f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new ClusterException("could not start a ZooKeeper server: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while starting the ZooKeeper servers", e);
        }
    }

    /** The NAT rules that send {@code self}'s quorum connections to each peer through the peer's proxy. */
    private static List<String> redirects(Member self, List<Member> members, String proxyIp) {
        List<String> rules = new ArrayList<>();
        for (Member peer : members) {
            if (!peer.equals(self)) {
                rules.add("-t nat -A OUTPUT -p tcp -d " + peer.node().ip() + " --dport " + ZooKeeperContainer.QUORUM_PORT
                        + " -m comment --comment " + TAG + " -j DNAT --to-destination " + proxyIp + ":" + peer.listenPort());
            }
        }
        return rules;
    }

    private static void awaitProxiedLeader(List<Member> members, String proxyIp, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no leader yet";
        while (System.nanoTime() < deadline) {
            Optional<Member> leader = members.stream().filter(QuorumLinks::leads).findFirst();
            if (leader.isPresent()) {
                last = proxiedFollowers(leader.get(), members.size() - 1, proxyIp);
                if (last.isEmpty()) {
                    return;
                }
            }
            pause();
        }
        throw new ClusterException("the ZooKeeper ensemble did not form through the quorum proxies (toxiproxy at "
                + proxyIp + ") within " + timeout + ": " + last + "; see the zk-N containers' logs (docker logs)");
    }

    private static boolean leads(Member m) {
        try {
            return "leader".equals(FourLetterWords.mode(FourLetterWords.send(Node.HOST, m.node().hostPort(), "srvr",
                    FOUR_LETTER_TIMEOUT)));
        } catch (UncheckedIOException notServing) {
            return false;
        }
    }

    /** Empty when {@code leader} has {@code followers} synced followers, each connected from the proxy; else why not. */
    private static String proxiedFollowers(Member leader, int followers, String proxyIp) {
        String name = leader.node().name();
        Map<String, String> mntr;
        try {
            mntr = FourLetterWords.fields(FourLetterWords.send(Node.HOST, leader.node().hostPort(), "mntr",
                    FOUR_LETTER_TIMEOUT));
        } catch (UncheckedIOException e) {
            return name + " leads but did not answer mntr: " + e.getMessage();
        }
        String synced = mntr.getOrDefault("zk_synced_followers", "?");
        List<String> peers = Shell.connectedPeers(leader.container(), leader.node().name(), ZooKeeperContainer.QUORUM_PORT);
        boolean allProxied = peers.size() == followers && peers.stream().allMatch(proxyIp::equals);
        if (synced.equals(String.valueOf(followers)) && allProxied) {
            return "";
        }
        return name + " leads with " + synced + " synced followers and quorum connections from " + peers
                + " (want " + followers + ", all from " + proxyIp + ")";
    }

    private static void pause() {
        try {
            Thread.sleep(POLL.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while waiting for the ZooKeeper ensemble to form", e);
        }
    }
}
