package io.lockchaos.cluster;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.testcontainers.containers.GenericContainer;

/**
 * Sends a replica's replication link through its proxy on the {@code toxiproxy} node, so that
 * link toxics on {@code redis-2-replication} delay or cut what the master sends that replica
 * and nothing else. The replica keeps {@code replicaof redis-1 6379}, so Sentinel, which reads
 * the replica's master from its {@code INFO} and would re-point a replica that replicates
 * from elsewhere ({@code +fix-slave-config}), sees nothing unusual; instead a NAT rule in the
 * replica's own namespace sends its connections to the master's address and port to the
 * proxy ({@code iptables -t nat -A OUTPUT ... -j DNAT}, tagged {@value #TAG}, which the
 * nemesis never removes). The replica announces its own address
 * ({@code replica-announce-ip}), since the master now sees the proxy's; its link to the master
 * is then reopened through the proxy.
 *
 * <p>Replies on the link reach the replica's filter rules from the proxy's address (the
 * redirect is undone only after them), so a partition cuts the proxied link by the rule on the
 * connection's original destination ({@code -m conntrack --ctorigdst}, see the nemesis's
 * {@code Iptables}), as it cut the direct one.
 * After a failover Sentinel points the replicas at the new master's address, which no rule
 * redirects: their links are then direct, no longer proxied. A restarted replica loses the rule
 * (a new network namespace) and replicates directly too.
 */
final class ReplicationLinks {

    /** The comment on the NAT rule; not {@code lockchaos}, so fault sweeps leave it alone. */
    static final String TAG = "lockchaos-replication";

    private ReplicationLinks() {
    }

    /**
     * Waits until the master serves exactly {@code replicas.size()} replica links, all from the
     * proxy's address, and none from a replica's own: the redirect only catches new connections,
     * and a replica still in its first handshake when it was told to reconnect keeps its direct
     * link, so every direct connection from a replica is closed on the master's side
     * ({@code CLIENT KILL ID}) until the replica comes back through the proxy.
     *
     * @throws ClusterException naming the links still direct when {@code patience} ran out
     */
    static void awaitProxied(GenericContainer<?> masterContainer, Node master, List<Node> replicas, String proxyIp,
                             Duration patience) {
        long deadline = System.nanoTime() + patience.toNanos();
        int stable = 0;
        String clients = "";
        while (System.nanoTime() < deadline) {
            clients = Shell.run(masterContainer, master.name(), "list its clients",
                    "redis-cli", "-p", Integer.toString(master.port()), "client", "list");
            List<String> direct = clients.lines().filter(l -> replicas.stream()
                    .anyMatch(r -> l.contains(" addr=" + r.ip() + ":"))).toList();
            long proxied = clients.lines().filter(l -> l.contains(" addr=" + proxyIp + ":") && l.contains(" flags=S "))
                    .count();
            for (String line : direct) {
                String id = line.replaceFirst("^id=(\\d+) .*$", "$1");
                Shell.run(masterContainer, master.name(), "close a direct replication link",
                        "redis-cli", "-p", Integer.toString(master.port()), "client", "kill", "id", id);
            }
            stable = direct.isEmpty() && proxied == replicas.size() ? stable + 1 : 0;
            if (stable == 2) {
                return;
            }
            LockSupport.parkNanos(Duration.ofMillis(250).toNanos());
        }
        throw new ClusterException("the replicas' links to " + master.name() + " did not all come through the proxy ("
                + proxyIp + ") within " + patience.toSeconds() + " s; the master's clients:\n" + clients);
    }

    /** Redirects {@code replica}'s link to {@code master} through the proxy at {@code proxyIp:listenPort}. */
    static void route(GenericContainer<?> replica, Node replicaNode, Node master, String proxyIp, int listenPort) {
        Shell.script(replica, replicaNode.name(), "route its replication link through the proxy",
                "set -e; iptables -w -t nat -A OUTPUT -p tcp -d \"$1\" --dport \"$2\" -m comment --comment \"$3\""
                        + " -j DNAT --to-destination \"$4\"; redis-cli -p \"$5\" config set replica-announce-ip \"$6\""
                        + " >/dev/null; redis-cli -p \"$5\" client kill type master >/dev/null",
                master.ip(), Integer.toString(master.port()), TAG, proxyIp + ":" + listenPort,
                Integer.toString(replicaNode.port()), replicaNode.ip());
    }
}
