package io.lockchaos.harness.cluster;

import io.lockchaos.harness.cluster.containers.FourLetterWords;
import io.lockchaos.harness.cluster.containers.ZooKeeperContainer;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.testcontainers.containers.GenericContainer;

/**
 * Sends the ZooKeeper quorum links through the proxy: in every server's network namespace a
 * NAT rule per other server ({@code iptables -t nat -A OUTPUT -p tcp -d ZK_IP --dport 2888 -j
 * DNAT --to-destination toxiproxy:PORT}, tagged {@value #TAG}, which fault sweeps never remove)
 * sends its connections to that server's quorum port to the server's proxy,
 * {@code zk-2-quorum}. Only the leader serves port 2888, so a proxy carries every follower's
 * link while its server leads, and nothing otherwise. The election port (3888) stays direct.
 *
 * <p>Followers connect to the leader when the ensemble forms, before any rule exists, and NAT
 * only catches new connections. So {@link #route} also rejects, for a moment, every quorum
 * connection that bypasses the proxy: TCP resets on what a server sends to a quorum port (after
 * NAT only a direct connection still has that destination port) and on what it sends from its
 * own quorum port to anyone but the proxy. The ensemble then re-forms through the proxies, and
 * the reject rules go once the leader serves all its followers, every one from the proxy's
 * address.
 *
 * <p>After a failover the followers connect to the new leader's quorum port, which the rules
 * redirect as well: the links stay proxied, through the new leader's proxy. A restarted server
 * loses its rules (a new network namespace), and its own link to the leader is then direct.
 */
final class QuorumLinks {

    /** The comment on our NAT and (temporary) reject rules; not {@code lockchaos}, so fault sweeps leave them alone. */
    static final String TAG = "lockchaos-quorum";

    private static final Duration FOUR_LETTER_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration POLL = Duration.ofMillis(200);

    /** A ZooKeeper server, its container and the proxy port of its quorum port on the proxy node. */
    record Member(Node node, GenericContainer<?> container, int listenPort) {
    }

    private QuorumLinks() {
    }

    /**
     * Routes every member's quorum connections through the proxies at {@code proxyIp} and waits,
     * up to {@code timeout}, until a leader serves every other member through the proxy.
     */
    static void route(List<Member> members, String proxyIp, Duration timeout) {
        if (members.size() < 2) {
            return;
        }
        try {
            for (Member m : members) {
                List<String> rules = new ArrayList<>(redirects(m, members, proxyIp));
                resets(proxyIp).forEach(rule -> rules.add("-I " + rule));
                Shell.script(m.container(), m.node().name(), "route its quorum links",
                        ScriptCommand.EACH_RULE + "iptables -w $rule; done", rules.toArray(String[]::new));
            }
            awaitProxiedLeader(members, proxyIp, timeout);
        } catch (RuntimeException e) {
            try {
                removeResets(members, proxyIp);
            } catch (RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
        removeResets(members, proxyIp);
    }

    private static void removeResets(List<Member> members, String proxyIp) {
        for (Member m : members) {
            Shell.script(m.container(), m.node().name(), "remove the quorum link reset rules",
                    ScriptCommand.EACH_RULE + "while iptables -w -D $rule 2>/dev/null; do :; done; done",
                    resets(proxyIp).toArray(String[]::new));
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

    /** The two rules that reset direct quorum connections (without their -I or -D). */
    private static List<String> resets(String proxyIp) {
        String reject = " -m comment --comment " + TAG + " -j REJECT --reject-with tcp-reset";
        int q = ZooKeeperContainer.QUORUM_PORT;
        return List.of("OUTPUT -p tcp --dport " + q + reject, "OUTPUT -p tcp --sport " + q + " ! -d " + proxyIp + reject);
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
        throw new ClusterException("the ZooKeeper ensemble did not re-form through the quorum proxies (toxiproxy at "
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
        List<String> peers = quorumPeers(leader);
        boolean allProxied = peers.size() == followers && peers.stream().allMatch(proxyIp::equals);
        if (synced.equals(String.valueOf(followers)) && allProxied) {
            return "";
        }
        return name + " leads with " + synced + " synced followers and quorum connections from " + peers
                + " (want " + followers + ", all from " + proxyIp + ")";
    }

    /** The peer address of every established connection to {@code leader}'s quorum port. */
    private static List<String> quorumPeers(Member leader) {
        String out = Shell.run(leader.container(), leader.node().name(), "list its quorum connections",
                "ss", "-Htn", "state", "established", "( sport = :" + ZooKeeperContainer.QUORUM_PORT + " )");
        return out.lines().map(String::strip).filter(l -> !l.isEmpty())
                .map(l -> l.split("\\s+"))
                .map(cols -> cols[cols.length - 1])
                .map(peer -> peer.substring(0, peer.lastIndexOf(':')).replace("[::ffff:", "").replace("]", ""))
                .toList();
    }

    private static void pause() {
        try {
            Thread.sleep(POLL.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while waiting for the ZooKeeper ensemble to re-form", e);
        }
    }
}
