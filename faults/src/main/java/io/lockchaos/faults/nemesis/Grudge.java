package io.lockchaos.faults.nemesis;

import io.lockchaos.faults.schedule.FaultSpec.PartitionShape;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Who drops whose packets in a partition (Jepsen's "grudge"): the components that cannot
 * reach one another, and for a bridge the node that reaches both. Every node of one component
 * drops every node of the others, so the cut holds in both directions.
 *
 * @param components the groups of node names, each cut off from the rest
 * @param bridge the node that still reaches every component, or null
 */
record Grudge(List<List<String>> components, String bridge) {

    Grudge {
        components = components.stream().map(List::copyOf).toList();
    }

    /** The grudge of {@code shape} over {@code nodes}; {@code targets} for ISOLATE. */
    static Grudge of(PartitionShape shape, List<String> targets, List<String> nodes, Random random) {
        return switch (shape) {
            case ISOLATE -> {
                List<String> rest = new ArrayList<>(nodes);
                rest.removeAll(targets);
                yield new Grudge(List.of(targets, rest), null);
            }
            case HALVES -> {
                List<String> shuffled = shuffled(nodes, random);
                int minority = shuffled.size() / 2;
                yield new Grudge(List.of(shuffled.subList(0, minority), shuffled.subList(minority, shuffled.size())),
                        null);
            }
            case BRIDGE -> {
                List<String> shuffled = shuffled(nodes, random);
                int half = (shuffled.size() - 1) / 2;
                yield new Grudge(List.of(shuffled.subList(0, half), shuffled.subList(half + 1, shuffled.size())),
                        shuffled.get(half));
            }
        };
    }

    /** For each node, the nodes whose packets it drops. */
    Map<String, Set<String>> drops() {
        Map<String, Set<String>> drops = new LinkedHashMap<>();
        for (List<String> component : components) {
            for (String node : component) {
                Set<String> others = new LinkedHashSet<>();
                for (List<String> other : components) {
                    if (other != component) {
                        others.addAll(other);
                    }
                }
                if (!others.isEmpty()) {
                    drops.put(node, others);
                }
            }
        }
        return drops;
    }

    private static List<String> shuffled(List<String> nodes, Random random) {
        if (nodes.size() < 3) {
            throw new FaultNotSupportedException("a partition into halves or a bridge needs at least 3 nodes that "
                    + "can be partitioned; this cluster has " + nodes);
        }
        List<String> shuffled = new ArrayList<>(nodes);
        Collections.shuffle(shuffled, random);
        return shuffled;
    }
}
