package io.lockchaos.faults.nemesis;

import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.history.Value;
import io.lockchaos.faults.schedule.FaultSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

/**
 * The partition package: from the shape, a {@link Grudge} among the lock-service nodes; each
 * node then drops the packets of the nodes it holds a grudge against (tagged iptables rules).
 * The heal removes exactly those rules. Records {@code :start-partition {:shape "isolate"
 * :components [[...] [...]]}} and {@code :stop-partition} with the same value. Injects
 * {@code partition isolate TARGETS}, {@code partition halves} and {@code partition bridge}; a
 * random schedule isolates one server or (from three servers on) splits them into halves; the
 * sweep removes every tagged rule, a {@link CutOffFault}'s included.
 */
public final class PartitionFault implements FaultPackage {

    /** The band of its ops: {@code start-partition}, {@code stop-partition}. */
    static final String BAND = "partition";

    @Override
    public List<String> offered(FaultTargets targets) {
        return Each.names(targets.servers());
    }

    @Override
    public Optional<Sweep> sweep() {
        return Optional.of(new Sweep("unpartitioned", Stage.SETTINGS, PartitionFault::sweep));
    }

    /** The final sweep's part: removes every tagged rule of {@code node}; whether it had any. */
    private static boolean sweep(FaultNode node) {
        return node instanceof Partitionable p && p.undropAll() > 0;
    }

    static ActiveFault inject(FaultSpec.Partition spec, List<Partitionable> nodes, Random random,
                              FaultRecorder recorder) {
        Map<String, Partitionable> byName = new LinkedHashMap<>();
        nodes.forEach(n -> byName.put(n.name(), n));
        Grudge grudge = Grudge.of(spec.shape(), spec.targets(), List.copyOf(byName.keySet()), random);
        return apply(spec, spec.shape().word(), grudge, grudge.drops(), byName, recorder);
    }

    /**
     * Makes each node of {@code drops} drop its peers' packets and records the partition as
     * {@code shape} with the grudge's components; the heal removes exactly those rules.
     */
    static ActiveFault apply(FaultSpec spec, String shape, Grudge grudge, Map<String, Set<String>> drops,
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
        Value.Dict value = describe(shape, grudge);
        recorder.record(NemesisOps.start(BAND), value);
        return new Healing(spec, () -> {
            undo.run();
            recorder.record(NemesisOps.stop(BAND), value);
        });
    }

    private static Value.Dict describe(String shape, Grudge grudge) {
        List<Value> components = grudge.components().stream().map(NemesisOps::names).toList();
        return Value.map("shape", shape,
                "components", new Value.Vec(components), "bridge", grudge.bridge());
    }
}
