package io.lockchaos.cluster.nemesis;

import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.containers.SentinelContainer;
import io.lockchaos.faults.nemesis.HasPrimary;
import io.lockchaos.faults.nemesis.NemesisException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The primary of a Sentinel-watched Redis, as the Sentinels report it
 * ({@code SENTINEL get-master-addr-by-name}, asked with {@code redis-cli} inside each
 * Sentinel's container, first that answers wins). Sentinels name the master by its network
 * IP, mapped back to a node name here.
 */
final class SentinelPrimary implements HasPrimary {

    private final List<ContainerNode> sentinels;
    private final Supplier<List<ContainerNode>> nodes;

    SentinelPrimary(List<ContainerNode> sentinels, Supplier<List<ContainerNode>> nodes) {
        this.sentinels = List.copyOf(sentinels);
        this.nodes = nodes;
    }

    @Override
    public String primary() {
        List<String> answers = new ArrayList<>();
        for (ContainerNode sentinel : sentinels) {
            try {
                String[] reply = ask(sentinel, "get-master-addr-by-name").split("\\R");
                String ip = reply[0].strip();
                for (ContainerNode n : nodes.get()) {
                    if (n.ip().equals(ip)) {
                        return n.name();
                    }
                }
                answers.add(sentinel.name() + ": " + ip + " (no node has that address)");
            } catch (RuntimeException e) {
                answers.add(sentinel.name() + ": " + e.getMessage());
            }
        }
        throw new NemesisException("no Sentinel names a primary of this cluster: " + answers);
    }

    @Override
    public void requestFailover() {
        List<String> answers = new ArrayList<>();
        for (ContainerNode sentinel : sentinels) {
            try {
                String reply = ask(sentinel, "failover").strip();
                if (reply.equals("OK")) {
                    return;
                }
                answers.add(sentinel.name() + ": " + reply);
            } catch (RuntimeException e) {
                answers.add(sentinel.name() + ": " + e.getMessage());
            }
        }
        throw new NemesisException("no Sentinel accepted SENTINEL FAILOVER " + Cluster.SENTINEL_MASTER + ": " + answers);
    }

    private static String ask(ContainerNode sentinel, String command) {
        return sentinel.ops().run("timeout", "3", "redis-cli", "-p", Integer.toString(SentinelContainer.PORT),
                "SENTINEL", command, Cluster.SENTINEL_MASTER);
    }
}
