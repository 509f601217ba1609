package io.lockchaos.cluster;

import io.lockchaos.cluster.containers.EtcdContainer;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Starts an etcd cluster's members with their peer links through the proxy, and waits until it
 * serves. Every member dials every other member's peer port (2380: raft's message streams and
 * pipeline), which {@link PeerLinks} sends through that member's proxy, {@code etcd-2-peer}
 * (upstream {@code etcd-2:2380}). A toxic on {@code etcd-2-peer} thus acts on every link the
 * others opened to {@code etcd-2}, whoever leads.
 *
 * <p>The members start gated ({@link EtcdContainer#GATE}); once their gates are open the cluster
 * counts as up once, for a second on end, every member reports itself healthy ({@code /health})
 * and names the same leader, one of the members ({@code /v3/maintenance/status}), and every peer
 * connection each member accepted came from the proxy. A restarted member loses its rules (a new
 * network namespace) and dials its peers directly; the others' links to it stay proxied.
 */
final class EtcdMembers {

    /** A gated member: its node, its container and its peer proxy's listen port on the proxy node. */
    record Member(Node node, EtcdContainer container, int peerProxyPort) {
        PeerLinks.Member peer() {
            return new PeerLinks.Member(node, container, EtcdContainer.PEER_PORT, EtcdContainer.GATE, peerProxyPort);
        }
    }

    private EtcdMembers() {
    }

    /**
     * Routes every member's peer connections through the proxies at {@code proxyIp}, starts the
     * servers, and waits up to {@code timeout} until the cluster serves as the class says.
     */
    static void start(List<Member> members, String proxyIp, Duration timeout) {
        PeerLinks.open(members.stream().map(Member::peer).toList(), proxyIp);
        PeerLinks.awaitSteady(() -> notServing(members, proxyIp), "the etcd cluster did not serve through its peer"
                + " proxies (toxiproxy at " + proxyIp + ")", "see the etcd-N containers' logs (docker logs)", timeout);
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
            String proxied = PeerLinks.notProxied(m.peer(), proxyIp);
            if (!proxied.isEmpty()) {
                return proxied;
            }
        }
        if (leaders.size() != 1 || !ids.containsAll(leaders)) {
            return "the members name the leaders " + leaders + " (want one, of the members " + ids + ")";
        }
        return "";
    }
}
