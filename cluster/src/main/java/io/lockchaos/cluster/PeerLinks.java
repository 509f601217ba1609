package io.lockchaos.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.testcontainers.containers.GenericContainer;

/**
 * Routes the peer links of a cluster's gated members through the proxy and opens their start
 * gates: the shared half of {@link EtcdMembers} and {@link HazelcastMembers}. Every member dials
 * every other member's peer port, so each member has a proxy on its peer port ({@code etcd-2-peer},
 * {@code hz-2-peer}), and in every <em>other</em> member's namespace a NAT rule
 * ({@code iptables -t nat -A OUTPUT -p tcp -d PEER_IP --dport PEER_PORT -j DNAT --to-destination
 * toxiproxy:PORT}, tagged {@value #TAG}, which fault sweeps never remove) sends its connections to
 * that port through it. NAT only catches new connections, so the members start gated: each
 * member's rules go in first, then its gate opens, the members in parallel.
 */
final class PeerLinks {

    /** The comment on our NAT rules; not {@code lockchaos}, so fault sweeps leave them alone. */
    static final String TAG = "lockchaos-peer";

    /** Adds each rule ("$2"...), then opens the start gate ("$1"). */
    private static final String OPEN = "gate=$1; shift; " + ScriptCommand.EACH_RULE
            + "iptables -w $rule; done; touch \"$gate\"";
    /** How long a cluster must serve on end before it counts as up. */
    private static final Duration STEADY = Duration.ofSeconds(1);
    private static final Duration POLL = Duration.ofMillis(200);

    /**
     * A gated member.
     *
     * @param node its node
     * @param container its container, held back until {@code gate} exists
     * @param peerPort the port its peers dial
     * @param gate the file whose existence lets its server start
     * @param peerProxyPort its peer proxy's listen port on the proxy node
     */
    record Member(Node node, GenericContainer<?> container, int peerPort, String gate, int peerProxyPort) {
    }

    private PeerLinks() {
    }

    /** Adds every member's NAT rules towards the others' proxies at {@code proxyIp}, then opens its gate. */
    static void open(List<Member> members, String proxyIp) {
        ExecutorService pool = Executors.newFixedThreadPool(members.size());
        try {
            List<CompletableFuture<String>> opened = members.stream()
                    .map(m -> CompletableFuture.supplyAsync(() -> Shell.script(m.container(), m.node().name(),
                            "route its peer links and start", OPEN, Stream.concat(Stream.of(m.gate()),
                                    redirects(m, members, proxyIp).stream()).toArray(String[]::new)), pool))
                    .toList();
            opened.forEach(DaemonTask::join);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Empty when {@code m} has peer connections on its peer port and every one came from the
     * proxy at {@code proxyIp}; else why not.
     */
    static String notProxied(Member m, String proxyIp) {
        List<String> peers = Shell.connectedPeers(m.container(), m.node().name(), m.peerPort());
        if (peers.isEmpty() || !peers.stream().allMatch(proxyIp::equals)) {
            return m.node().name() + " has peer connections from " + peers + " (want some, all from " + proxyIp + ")";
        }
        return "";
    }

    /**
     * Waits up to {@code timeout} until {@code notServing} answers empty for {@link #STEADY} on
     * end, asking every {@link #POLL}.
     *
     * @throws ClusterException saying {@code what} failed, the last answer and {@code hint}
     */
    static void awaitSteady(Supplier<String> notServing, String what, String hint, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        long servingSince = 0;
        String last = "no answer yet";
        while (System.nanoTime() < deadline) {
            last = notServing.get();
            if (!last.isEmpty()) {
                servingSince = 0;
            } else if (servingSince == 0) {
                servingSince = System.nanoTime();
            } else if (System.nanoTime() - servingSince >= STEADY.toNanos()) {
                return;
            }
            LockSupport.parkNanos(POLL.toNanos());
            if (Thread.interrupted()) {
                throw new ClusterException("interrupted while waiting: " + what);
            }
        }
        throw new ClusterException(what + " within " + timeout + ": " + last + "; " + hint);
    }

    /** The NAT rules that send {@code self}'s connections to each peer's peer port through that peer's proxy. */
    private static List<String> redirects(Member self, List<Member> members, String proxyIp) {
        List<String> rules = new ArrayList<>();
        for (Member peer : members) {
            if (!peer.equals(self)) {
                rules.add("-t nat -A OUTPUT -p tcp -d " + peer.node().ip() + " --dport " + peer.peerPort()
                        + " -m comment --comment " + TAG + " -j DNAT --to-destination " + proxyIp + ":"
                        + peer.peerProxyPort());
            }
        }
        return rules;
    }
}
