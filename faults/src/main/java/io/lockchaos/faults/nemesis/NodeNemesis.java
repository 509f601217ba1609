package io.lockchaos.faults.nemesis;

import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.history.Value;
import io.lockchaos.faults.schedule.FaultKind;
import io.lockchaos.faults.schedule.FaultMenu;
import io.lockchaos.faults.schedule.FaultSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The nemesis over a cluster's {@link FaultTargets}: hands each fault to its package through
 * {@link Dispatch} (which checks that every target exists and supports it), keeps every fault
 * in force so that {@link #healAll()} can heal it, and then sweeps the nodes for anything
 * else of lockchaos's that is left, each capability's package undoing its own.
 */
public final class NodeNemesis implements Nemesis {

    /** What the final sweep undoes, each under its key of the {@code heal-all} op, in that op's order. */
    private static final List<Sweep> SWEEPS = List.of(new Sweep("resumed", PauseFault::sweep),
            new Sweep("started", KillFault::sweep), new Sweep("clocks-reset", ClockFault::sweep),
            new Sweep("unpartitioned", PartitionFault::sweep));

    /** One capability's part of the final sweep: {@code undo} heals a node and says whether it had to. */
    private record Sweep(String key, Predicate<FaultNode> undo) {
    }

    private final FaultTargets targets;
    private final FaultRecorder recorder;
    private final Dispatch dispatch;
    private final Set<ActiveFault> active = Collections.synchronizedSet(new LinkedHashSet<>());

    /** {@code seed} drives the random choices of partitions into halves or with a bridge. */
    public NodeNemesis(FaultTargets targets, FaultRecorder recorder, long seed) {
        this.targets = targets;
        this.recorder = recorder;
        this.dispatch = new Dispatch(targets, recorder, new Random(seed));
    }

    @Override
    public ActiveFault inject(FaultSpec fault) {
        ActiveFault injected = fault.accept(dispatch);
        if (injected.isHealed()) {
            return injected;
        }
        Tracked tracked = new Tracked(injected);
        active.add(tracked);
        return tracked;
    }

    @Override
    public void healAll() {
        List<ActiveFault> inForce;
        synchronized (active) {
            inForce = new ArrayList<>(active);
        }
        Collections.reverse(inForce);
        List<Runnable> steps = new ArrayList<>();
        inForce.forEach(f -> steps.add(f::close));
        steps.add(this::sweep);
        Each.all("heal every fault", steps);
    }

    /**
     * Removes what no active fault accounts for (left by an earlier process, or by a failed
     * heal), proxies included, and records what it found as one {@code heal-all} op.
     */
    private void sweep() {
        Map<String, List<String>> undone = new LinkedHashMap<>();
        SWEEPS.forEach(sweep -> undone.put(sweep.key(), new ArrayList<>()));
        List<Runnable> steps = new ArrayList<>();
        for (FaultNode node : targets.nodes()) {
            steps.add(() -> SWEEPS.stream().filter(sweep -> sweep.undo().test(node))
                    .forEach(sweep -> undone.get(sweep.key()).add(node.name())));
        }
        Map<Value, Value> links = new LinkedHashMap<>();
        targets.links().ifPresent(l -> steps.add(() -> links.putAll(l.healAll().entries())));
        try {
            Each.all("sweep the nodes", steps);
        } finally {
            Map<Value, Value> value = new LinkedHashMap<>();
            undone.forEach((key, names) -> value.put(Value.kw(key), NemesisOps.names(names)));
            value.putAll(links);
            recorder.record(NemesisOps.HEAL_ALL, new Value.Dict(value));
        }
    }

    /**
     * For each kind a random schedule may draw, the names it may act on: the nodes with the
     * capability the kind needs (an exhaustive {@code switch}: a new kind must say which).
     */
    @Override
    public FaultMenu menu() {
        Map<FaultKind, List<String>> offered = new EnumMap<>(FaultKind.class);
        for (FaultKind kind : FaultKind.values()) {
            offered.put(kind, switch (kind) {
                case PAUSE -> Each.names(dispatch.all(Pausable.class));
                case CLOCK -> Each.names(dispatch.all(ClockSkewable.class));
                case KILL -> Each.names(dispatch.all(Killable.class));
                case PARTITION -> Each.names(dispatch.servers());
                case LINK -> targets.links().map(LinkFaults::proxied).orElse(List.of());
                case FAILOVER -> targets.primary().isPresent() ? Each.names(dispatch.all(Killable.class)) : List.of();
            });
        }
        return new FaultMenu(offered);
    }

    /** An active fault that leaves the set of faults in force when healed. */
    private final class Tracked implements ActiveFault {
        private final ActiveFault inner;

        Tracked(ActiveFault inner) {
            this.inner = inner;
        }

        @Override
        public FaultSpec fault() {
            return inner.fault();
        }

        @Override
        public boolean isHealed() {
            return inner.isHealed();
        }

        @Override
        public void close() {
            try {
                inner.close();
            } finally {
                active.remove(this);
            }
        }

        @Override
        public String toString() {
            return inner.toString();
        }
    }
}
