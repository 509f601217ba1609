package io.lockchaos.harness.cluster;

import io.lockchaos.harness.cluster.containers.EtcdContainer;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * Starts an etcd cluster's members with their peer links through the proxy, and waits until it
 * serves. Every member dials every other member's peer port (2380: raft's message streams and
 * pipeline), so each member has a proxy on its peer port, {@code etcd-2-peer} (upstream
 * {@code etcd-2:2380}), and in every <em>other</em> member's namespace a NAT rule
 * ({@code iptables -t nat -A OUTPUT -p tcp -d ETCD2_IP --dport 2380 -j DNAT --to-destination
 * toxiproxy:PORT}, tagged {@value #TAG}, which fault sweeps never remove) sends its connections
 * to that port through it. A toxic on {@code etcd-2-peer} thus acts on every link the others
 * opened to {@code etcd-2}, whoever leads.
 *
 * <p>NAT only catches new connections, so the members start gated
 * ({@link EtcdContainer#GATE}): {@link #start} adds each member's rules, then opens its gate,
 * the members in parallel; the cluster then counts as up once, for a second on end, every
 * member reports itself healthy ({@code /health}) and names the same leader, one of the members
 * ({@code /v3/maintenance/status}), and every peer connection each member accepted came from the
 * proxy. A restarted member loses its rules (a new network namespace) and dials its peers
 * directly; the others' links to it stay proxied.
 */
final class EtcdMembers {

    /** The comment on our NAT rules; not {@code lockchaos}, so fault sweeps leave them alone. */
    static final String TAG = "lockchaos-peer";

    private static final Duration STEADY = Duration.ofSeconds(1);
    private static final Duration POLL = Duration.ofMillis(200);
    /** Adds each rule ("$2"...), then opens the start gate ("$1"). */
    private static final String OPEN = "gate=$1; shift; " + ScriptCommand.EACH_RULE
            + "iptables -w $rule; done; touch \"$gate\"";

    /** A gated member: its node, its container and its peer proxy's listen port on the proxy node. */
    record Member(Node node, EtcdContainer container, int peerProxyPort) {
    }

    private EtcdMembers() {
    }

    /**
     * Routes every member's peer connections through the proxies at {@code proxyIp}, starts the
     * servers, and waits up to {@code timeout} until the cluster serves as the class says.
     */
    static void start(List<Member> members, String proxyIp, Duration timeout) {
        ExecutorService pool = Executors.newFixedThreadPool(members.size());
        try {
            List<CompletableFuture<String>> opened = members.stream()
                    .map(m -> CompletableFuture.supplyAsync(() -> Shell.script(m.container(), m.node().name(),
                            "route its peer links and start", OPEN, Stream.concat(Stream.of(EtcdContainer.GATE),
                                    redirects(m, members, proxyIp).stream()).toArray(String[]::new)), pool))
                    .toList();
            opened.forEach(DaemonTask::join);
        } finally {
            pool.shutdownNow();
        }
        awaitServing(members, proxyIp, timeout);
    }

    /** The NAT rules that send {@code self}'s connections to each peer's peer port through that peer's proxy. */
    private static List<String> redirects(Member self, List<Member> members, String proxyIp) {
        List<String> rules = new ArrayList<>();
        for (Member peer : members) {
            if (!peer.equals(self)) {
                rules.add("-t nat -A OUTPUT -p tcp -d " + peer.node().ip() + " --dport " + EtcdContainer.PEER_PORT
                        + " -m comment --comment " + TAG + " -j DNAT --to-destination " + proxyIp + ":"
                        + peer.peerProxyPort());
            }
        }
        return rules;
    }

    private static void awaitServing(List<Member> members, String proxyIp, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        long servingSince = 0;
        String last = "no answer yet";
        while (System.nanoTime() < deadline) {
            last = notServing(members, proxyIp);
            if (!last.isEmpty()) {
                servingSince = 0;
            } else if (servingSince == 0) {
                servingSince = System.nanoTime();
            } else if (System.nanoTime() - servingSince >= STEADY.toNanos()) {
                return;
            }
            LockSupport.parkNanos(POLL.toNanos());
            if (Thread.interrupted()) {
                throw new ClusterException("interrupted while waiting for the etcd cluster to serve");
            }
        }
        throw new ClusterException("the etcd cluster did not serve through its peer proxies (toxiproxy at "
                + proxyIp + ") within " + timeout + ": " + last + "; see the etcd-N containers' logs (docker logs)");
    }

    /** Empty when every member is healthy, all name one leader among them and take peers only from the proxy; else why not. */
    private static String notServing(List<Member> members, String proxyIp) {
        Set<Long> ids = new HashSet<>();
        Set<Long> leaders = new HashSet<>();
        for (Member m : members) {
            String name = m.node().name();
            try {
                if (!EtcdContainer.health(Node.HOST, m.node().hostPort())) {
                    return name + " reports itself unhealthy (/health)";
                }
                EtcdContainer.Status status = EtcdContainer.status(Node.HOST, m.node().hostPort());
                ids.add(status.member());
                leaders.add(status.leader());
            } catch (UncheckedIOException e) {
                return e.getMessage();
            }
            List<String> peers = Shell.connectedPeers(m.container(), m.node().name(), EtcdContainer.PEER_PORT);
            if (peers.isEmpty() || !peers.stream().allMatch(proxyIp::equals)) {
                return name + " has peer connections from " + peers + " (want some, all from " + proxyIp + ")";
            }
        }
        if (leaders.size() != 1 || !ids.containsAll(leaders)) {
            return "the members name the leaders " + leaders + " (want one, of the members " + ids + ")";
        }
        return "";
    }
}
