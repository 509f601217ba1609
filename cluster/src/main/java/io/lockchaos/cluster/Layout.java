package io.lockchaos.cluster;

import io.lockchaos.faults.schedule.FaultSpec.Reach;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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

    /** The layout of {@code topology} started with {@code options}: its descriptor's lock service, then storage and the proxy. */
    public static Layout of(Topology topology, ClusterOptions options) {
        List<Member> nodes = new ArrayList<>(topology.descriptor().service(options));
        nodes.add(new Member("storage", Role.storage(options.store())));
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

    /** The node called {@code name}, if any. */
    public Optional<Member> member(String name) {
        return nodes.stream().filter(m -> m.name().equals(name)).findFirst();
    }

    /** The lock service's nodes that faults act on ({@link Role#faulted()}), by name. */
    public List<String> servers() {
        return nodes.stream().filter(m -> m.role().faulted()).map(Member::name).toList();
    }

    /** What link faults may name: every server's client link, then each proxied peer link ({@link Role#peerLink}). */
    public List<String> links() {
        List<String> links = new ArrayList<>(servers());
        nodes.forEach(m -> m.role().peerLink(m.name()).ifPresent(links::add));
        return links;
    }

    /** Whether some node takes faults of {@code reach}: {@link Reach#PRIMARY} only where a primary can be replaced. */
    public boolean offers(Reach reach) {
        return nodes.stream().anyMatch(m -> m.role().takes(reach));
    }
}
