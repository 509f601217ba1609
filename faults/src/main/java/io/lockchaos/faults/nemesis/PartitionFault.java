package io.lockchaos.faults.nemesis;

import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.history.Value;
import io.lockchaos.faults.schedule.FaultSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The partition package: from the shape, a {@link Grudge}; each node then drops the packets
 * of the nodes it holds a grudge against (tagged iptables rules). The heal removes exactly
 * those rules. {@code partition workers} is one-sided: only the workers' namespaces get rules
 * (a {@link ClientNode} drops both directions), so no server is touched. Records {@code :start-partition {:shape "isolate" :components [[...] [...]]}}
 * and {@code :stop-partition} with the same value.
 */
final class PartitionFault {

    /** The band of its ops: {@code start-partition}, {@code stop-partition}. */
    static final String BAND = "partition";

    private PartitionFault() {
    }

    /** The final sweep's part: removes every tagged rule of {@code node}; whether it had any. */
    static boolean sweep(FaultNode node) {
        return node instanceof Partitionable p && p.undropAll() > 0;
    }

    static ActiveFault inject(FaultSpec.Partition spec, List<Partitionable> nodes, Random random,
                              FaultRecorder recorder) {
        Map<String, Partitionable> byName = new LinkedHashMap<>();
        nodes.forEach(n -> byName.put(n.name(), n));
        Grudge grudge = Grudge.of(spec.shape(), spec.targets(), List.copyOf(byName.keySet()), random);
        return apply(spec, grudge, grudge.drops(), byName, recorder);
    }

    /**
     * {@code partition workers}: each of {@code workers} drops every one of {@code servers}
     * (the whole lock service, or the nodes its {@code from} names), both ways, by rules in the
     * worker's own namespace; the servers get no rule.
     */
    static ActiveFault cutOff(FaultSpec.Partition spec, List<ClientNode> workers, List<Partitionable> servers,
                              FaultRecorder recorder) {
        Map<String, Partitionable> byName = new LinkedHashMap<>();
        servers.forEach(n -> byName.put(n.name(), n));
        workers.forEach(n -> byName.put(n.name(), n));
        Grudge grudge = new Grudge(List.of(Each.names(workers), Each.names(servers)), null);
        Map<String, Set<String>> drops = new LinkedHashMap<>(grudge.drops());
        drops.keySet().retainAll(Each.names(workers));
        return apply(spec, grudge, drops, byName, recorder);
    }

    private static ActiveFault apply(FaultSpec.Partition spec, Grudge grudge, Map<String, Set<String>> drops,
                                     Map<String, Partitionable> byName, FaultRecorder recorder) {
        Map<Partitionable, List<String>> rules = new LinkedHashMap<>();
        for (Map.Entry<String, Set<String>> e : drops.entrySet()) {
            List<String> ips = new ArrayList<>();
            e.getValue().forEach(peer -> ips.add(byName.get(peer).ip()));
            rules.put(byName.get(e.getKey()), ips);
        }
        List<Partitionable> cut = List.copyOf(rules.keySet());
        Runnable undo = () -> Each.node(cut, "remove the partition's iptables rules", n -> n.undrop(rules.get(n)));
        try {
            Each.node(cut, "add iptables rules", n -> n.drop(rules.get(n)));
        } catch (NemesisException e) {
            undo.run();
            throw e;
        }
        Value.Dict value = describe(spec, grudge);
        recorder.record(NemesisOps.start(BAND), value);
        return new Healing(spec, () -> {
            undo.run();
            recorder.record(NemesisOps.stop(BAND), value);
        });
    }

    private static Value.Dict describe(FaultSpec.Partition spec, Grudge grudge) {
        List<Value> components = grudge.components().stream().map(NemesisOps::names).toList();
        return Value.map("shape", spec.shape().name().toLowerCase(java.util.Locale.ROOT),
                "components", new Value.Vec(components), "bridge", grudge.bridge());
    }
}
