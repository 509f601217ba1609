package io.lockchaos.faults.nemesis;

import io.lockchaos.faults.schedule.CpuShare;
import io.lockchaos.faults.schedule.FaultSpec;
import io.lockchaos.history.Value;
import io.lockchaos.history.ops.NemesisOps;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The starvation package: caps each target's CPU at a share of one CPU (its container's CPU
 * quota) and heals by putting back the limit each had (none, normally). Records
 * {@code :start-starve {:targets [...] :share "5%" :limits [{:node "worker-1" :old nil :new "5%"}]}}
 * once every target is capped and {@code :stop-starve} once restored. Injects {@code starve
 * TARGETS P%}; a random schedule starves one starvable node to 0.5-20 %; the sweep lifts every
 * limit left.
 */
public final class StarveFault implements FaultPackage {

    /** The band of its ops: {@code start-starve}, {@code stop-starve}. */
    static final String BAND = "starve";

    @Override
    public List<String> offered(FaultTargets targets) {
        return Each.names(targets.all(Starvable.class));
    }

    @Override
    public Optional<Sweep> sweep() {
        // A process stage: a starved node runs every later sweep's commands slowly.
        return Optional.of(new Sweep("cpu-unlimited", Stage.SPEED, StarveFault::sweep));
    }

    /** The final sweep's part: lifts {@code node}'s CPU limit; whether it had one. */
    private static boolean sweep(FaultNode node) {
        if (node instanceof Starvable s && s.cpuLimit().isPresent()) {
            s.setCpuLimit(Optional.empty());
            return true;
        }
        return false;
    }

    static ActiveFault inject(FaultSpec.Starve spec, List<Starvable> nodes, FaultRecorder recorder) {
        Map<Starvable, Optional<CpuShare>> old = new LinkedHashMap<>();
        Each.node(nodes, "read the CPU limit", n -> old.put(n, n.cpuLimit()));
        Map<Starvable, Optional<CpuShare>> starved = new LinkedHashMap<>();
        old.keySet().forEach(n -> starved.put(n, Optional.of(spec.share())));
        try {
            set(starved);
        } catch (NemesisException e) {
            set(old);
            throw e;
        }
        recorder.record(NemesisOps.start(BAND), limits(spec.share(), old, starved));
        return new Healing(spec, () -> {
            set(old);
            recorder.record(NemesisOps.stop(BAND), limits(spec.share(), starved, old));
        });
    }

    private static void set(Map<Starvable, Optional<CpuShare>> limits) {
        Each.node(List.copyOf(limits.keySet()), "set the CPU limit", n -> n.setCpuLimit(limits.get(n)));
    }

    private static Value.Dict limits(CpuShare share, Map<Starvable, Optional<CpuShare>> from,
                                     Map<Starvable, Optional<CpuShare>> to) {
        List<Value> limits = new ArrayList<>();
        from.forEach((n, p) -> limits.add(Value.map("node", n.name(), "old", share(p), "new", share(to.get(n)))));
        return Value.map(NemesisOps.TARGETS, NemesisOps.names(Each.names(List.copyOf(from.keySet()))),
                "share", Value.of(share.toString()), "limits", new Value.Vec(limits));
    }

    /** A limit as the op shows it: {@code "5%"}, or nil when there is none. */
    private static Value share(Optional<CpuShare> p) {
        return p.map(share -> Value.of(share.toString())).orElse(Value.NIL);
    }
}
