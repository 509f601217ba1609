package io.lockchaos.harness.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The nodes a topology starts, by name and role, known without starting anything: what a
 * scenario's schedule may name is checked against it before a run starts. {@link Plan} starts
 * exactly these (its test holds them equal).
 *
 * @param topology the cluster shape
 * @param nodes every node in the order the cluster lists them: the lock service, the
 *     {@code storage} Redis, the {@code toxiproxy} node
 */
public record Layout(Topology topology, List<Member> nodes) {

    /** A node's name and role. */
    public record Member(String name, Role role) {
    }

    public Layout {
        nodes = List.copyOf(nodes);
    }

    /** The layout of {@code topology} started with {@code options}. */
    public static Layout of(Topology topology, ClusterOptions options) {
        List<Member> nodes = new ArrayList<>();
        switch (topology) {
            case REDIS_SINGLE -> nodes.add(new Member("redis-1", Role.MASTER));
            case REDLOCK -> IntStream.rangeClosed(1, Plan.REDLOCK_MASTERS)
                    .forEach(i -> nodes.add(new Member("redis-" + i, Role.MASTER)));
            case REDIS_REPLICATED -> {
                nodes.add(new Member("redis-1", Role.MASTER));
                IntStream.rangeClosed(2, Plan.REPLICAS + 1).forEach(i -> nodes.add(new Member("redis-" + i, Role.REPLICA)));
                IntStream.rangeClosed(1, Plan.SENTINELS).forEach(i -> nodes.add(new Member("sentinel-" + i, Role.SENTINEL)));
            }
            case ZOOKEEPER -> IntStream.rangeClosed(1, options.zkNodes())
                    .forEach(i -> nodes.add(new Member("zk-" + i, Role.ZK)));
            case POSTGRES, POSTGRES_PGBOUNCER -> nodes.addAll(PostgresPlan.members(topology));
        }
        nodes.add(new Member("storage", Role.STORAGE));
        nodes.add(new Member(Node.PROXY_HOST, Role.PROXY));
        return new Layout(topology, nodes);
    }

    /** The nodes with {@code role}, by name. */
    public List<String> names(Role role) {
        return nodes.stream().filter(m -> m.role() == role).map(Member::name).toList();
    }

    /** Every node's name. */
    public List<String> names() {
        return nodes.stream().map(Member::name).toList();
    }
}
