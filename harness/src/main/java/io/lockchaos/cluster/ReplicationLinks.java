package io.lockchaos.cluster;

import java.io.IOException;
import org.testcontainers.containers.Container.ExecResult;
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
 * <p>Replies on the link reach the replica from the master's address (NAT is undone before
 * the filter rules), so {@code partition isolate} cuts the proxied link as it cut the direct one.
 * After a failover Sentinel points the replicas at the new master's address, which no rule
 * redirects: their links are then direct, no longer proxied. A restarted replica loses the rule
 * (a new network namespace) and replicates directly too.
 */
final class ReplicationLinks {

    /** The comment on the NAT rule; not {@code lockchaos}, so fault sweeps leave it alone. */
    static final String TAG = "lockchaos-replication";

    private ReplicationLinks() {
    }

    /** Redirects {@code replica}'s link to {@code master} through the proxy at {@code proxyIp:listenPort}. */
    static void route(GenericContainer<?> replica, Node replicaNode, Node master, String proxyIp, int listenPort) {
        String script = "set -e; iptables -w -t nat -A OUTPUT -p tcp -d " + master.ip() + " --dport " + master.port()
                + " -m comment --comment " + TAG + " -j DNAT --to-destination " + proxyIp + ":" + listenPort
                + "; redis-cli -p " + replicaNode.port() + " config set replica-announce-ip " + replicaNode.ip()
                + " >/dev/null; redis-cli -p " + replicaNode.port() + " client kill type master >/dev/null";
        ExecResult r;
        try {
            r = replica.execInContainer("sh", "-c", script);
        } catch (IOException e) {
            throw new ClusterException("could not route " + replicaNode.name() + "'s replication through the proxy: "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted routing " + replicaNode.name() + "'s replication link", e);
        }
        if (r.getExitCode() != 0) {
            throw new ClusterException("routing " + replicaNode.name() + "'s replication through the proxy ('" + script
                    + "') exited " + r.getExitCode() + ": " + r.getStdout() + r.getStderr());
        }
    }
}
