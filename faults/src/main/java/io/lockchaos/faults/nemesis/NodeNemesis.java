package io.lockchaos.faults.nemesis;

import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.history.Value;
import io.lockchaos.faults.schedule.FaultKind;
import io.lockchaos.faults.schedule.FaultMenu;
import io.lockchaos.faults.schedule.FaultSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The nemesis over a cluster's {@link FaultTargets}: hands each fault to its package through
 * {@link Dispatch} (which checks that every target exists and supports it), keeps every fault
 * in force so that {@link #healAll()} can heal it, and then sweeps the nodes for anything
 * else of lockchaos's that is left, each registered package ({@link FaultPackage#of}) undoing its own.
 */
public final class NodeNemesis implements Nemesis {

    /**
     * What the final sweep undoes on each node, each under its key of the {@code heal-all} op: the
     * packages' sweeps in {@link FaultKind}'s order, those that make a process run again first.
     */
    private static final List<FaultPackage.Sweep> SWEEPS = Arrays.stream(FaultKind.values())
            .flatMap(kind -> FaultPackage.of(kind).sweep().stream())
            .sorted(Comparator.comparing(FaultPackage.Sweep::stage)).toList();

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
        Map<Value, Value> beyond = new LinkedHashMap<>();
        for (FaultKind kind : FaultKind.values()) {
            steps.add(() -> beyond.putAll(FaultPackage.of(kind).sweepBeyondNodes(targets)));
        }
        try {
            Each.all("sweep the nodes", steps);
        } finally {
            Map<Value, Value> value = new LinkedHashMap<>();
            undone.forEach((key, names) -> value.put(Value.kw(key), NemesisOps.names(names)));
            value.putAll(beyond);
            recorder.record(NemesisOps.HEAL_ALL, new Value.Dict(value));
        }
    }

    /** For each kind, the names its package offers in this cluster (the nodes with the capability it needs). */
    @Override
    public FaultMenu menu() {
        Map<FaultKind, List<String>> offered = new EnumMap<>(FaultKind.class);
        for (FaultKind kind : FaultKind.values()) {
            offered.put(kind, FaultPackage.of(kind).offered(targets));
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
