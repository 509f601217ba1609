package io.lockchaos.cluster;

import io.lockchaos.cluster.containers.HazelcastContainer;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Starts a Hazelcast cluster's members with their member links through the proxy, and waits
 * until its CP Subsystem serves. Members dial each other's member port (5701), which
 * {@link PeerLinks} sends through that member's proxy, {@code hz-2-peer} (upstream
 * {@code hz-2:5701}); clients use the other endpoint (5702), so the peer proxies carry member
 * traffic only, Raft's included. A member keeps the address it binds (its own IP) as its member
 * address; the NAT rules, not an advertised public address, put the links through the proxy, so
 * clients and partitions still see the members' own addresses.
 *
 * <p>The members start gated ({@link HazelcastContainer#GATE}); the cluster then counts as up once,
 * for a second on end, every member answers {@code /cp} as serving (it sees the three members and
 * the METADATA CP group answers it), the three name the same leader, one of the CP members, and
 * every member connection each member accepted came from the proxy.
 */
final class HazelcastMembers {

    /** A gated member: its node, its container and its peer proxy's listen port on the proxy node. */
    record Member(Node node, HazelcastContainer container, int peerProxyPort) {
        PeerLinks.Member peer() {
            return new PeerLinks.Member(node, container, HazelcastContainer.MEMBER_PORT, HazelcastContainer.GATE,
                    peerProxyPort);
        }
    }

    private HazelcastMembers() {
    }

    /**
     * Routes every member's member links through the proxies at {@code proxyIp}, starts the
     * members, and waits up to {@code timeout} until the CP Subsystem serves as the class says.
     */
    static void start(List<Member> members, String proxyIp, Duration timeout) {
        PeerLinks.open(members.stream().map(Member::peer).toList(), proxyIp);
        PeerLinks.awaitSteady(() -> notServing(members, proxyIp), "the Hazelcast CP Subsystem did not serve through"
                + " its peer proxies (toxiproxy at " + proxyIp + ")", "see the hz-N containers' logs (docker logs)",
                timeout);
    }

    /** Empty when every member serves, all name one leader among their CP ids and take members only from the proxy; else why not. */
    private static String notServing(List<Member> members, String proxyIp) {
        Set<String> ids = new HashSet<>();
        Set<String> leaders = new HashSet<>();
        for (Member m : members) {
            String name = m.node().name();
            HazelcastContainer.Status status;
            try {
                status = HazelcastContainer.status(Node.HOST, m.container().getMappedPort(HazelcastContainer.STATUS_PORT));
            } catch (UncheckedIOException e) {
                return e.getMessage();
            }
            if (!status.serving()) {
                return name + " does not serve the CP Subsystem (/cp: " + status.text() + ")";
            }
            ids.add(status.self());
            leaders.add(status.leader());
            String proxied = PeerLinks.notProxied(m.peer(), proxyIp);
            if (!proxied.isEmpty()) {
                return proxied;
            }
        }
        if (leaders.size() != 1 || !ids.containsAll(leaders)) {
            return "the members name the METADATA leaders " + leaders + " (want one, of the CP members " + ids + ")";
        }
        return "";
    }
}
