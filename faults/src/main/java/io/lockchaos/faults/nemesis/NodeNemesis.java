package io.lockchaos.faults.nemesis;

import io.lockchaos.checker.history.Value;
import io.lockchaos.faults.schedule.FaultMenu;
import io.lockchaos.faults.schedule.FaultSpec;
import io.lockchaos.faults.schedule.FaultSpec.FailoverMethod;
import io.lockchaos.faults.schedule.FaultSpec.PartitionShape;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * The nemesis over a cluster's {@link FaultTargets}: checks that every target exists and
 * supports the fault, hands the fault to its package ({@link PauseFault}, {@link ClockFault},
 * {@link PartitionFault}, {@link KillFault}, {@link FailoverFault}, the {@link LinkFaults}),
 * keeps every fault in force so that {@link #healAll()} can heal it, and then sweeps the
 * nodes for anything else of lockchaos's that is left.
 */
public final class NodeNemesis implements Nemesis {

    private final FaultTargets targets;
    private final FaultRecorder recorder;
    private final Random random;
    private final Set<ActiveFault> active = Collections.synchronizedSet(new LinkedHashSet<>());

    /** {@code seed} drives the random choices of partitions into halves or with a bridge. */
    public NodeNemesis(FaultTargets targets, FaultRecorder recorder, long seed) {
        this.targets = targets;
        this.recorder = recorder;
        this.random = new Random(seed);
    }

    @Override
    public ActiveFault inject(FaultSpec fault) {
        ActiveFault injected = dispatch(fault);
        if (injected.isHealed()) {
            return injected;
        }
        Tracked tracked = new Tracked(injected);
        active.add(tracked);
        return tracked;
    }

    private ActiveFault dispatch(FaultSpec fault) {
        if (fault instanceof FaultSpec.Pause p) {
            return PauseFault.inject(p, nodes(p.targets(), Pausable.class, "paused"), recorder);
        }
        if (fault instanceof FaultSpec.ClockBump c) {
            return ClockFault.bump(c, nodes(c.targets(), ClockSkewable.class, "clock-skewed"), recorder);
        }
        if (fault instanceof FaultSpec.ClockStrobe c) {
            return ClockFault.strobe(c, nodes(c.targets(), ClockSkewable.class, "clock-skewed"), recorder);
        }
        if (fault instanceof FaultSpec.ClockReset c) {
            return ClockFault.reset(c, nodes(c.targets(), ClockSkewable.class, "clock-skewed"), recorder);
        }
        if (fault instanceof FaultSpec.Partition p) {
            return partition(p);
        }
        if (fault instanceof FaultSpec.Kill k) {
            return KillFault.kill(k, nodes(k.targets(), Killable.class, "killed"), recorder);
        }
        if (fault instanceof FaultSpec.Restart r) {
            return KillFault.restart(r, nodes(r.targets(), Killable.class, "restarted"), recorder);
        }
        if (fault instanceof FaultSpec.Failover f) {
            return failover(f);
        }
        return toxic((FaultSpec.LinkToxic) fault);
    }

    private ActiveFault partition(FaultSpec.Partition p) {
        if (p.shape() != PartitionShape.WORKERS) {
            for (Partitionable node : nodes(p.targets(), Partitionable.class, "partitioned")) {
                if (node instanceof ClientNode) {
                    throw new FaultNotSupportedException("'" + p.script() + "': " + node.name() + " is a worker, not a "
                            + "server; cut workers off from the lock service with 'partition workers " + node.name() + "'");
                }
            }
            return PartitionFault.inject(p, servers(), random, recorder);
        }
        List<ClientNode> workers = p.targets().isEmpty() ? all(ClientNode.class)
                : nodes(p.targets(), ClientNode.class, "cut off from the lock service");
        if (workers.isEmpty()) {
            throw new FaultNotSupportedException("'" + p.script() + "': there are no workers to cut off; it needs "
                    + "worker nodes, which only a run has: put it in a scenario's schedule");
        }
        return PartitionFault.cutOff(p, workers, p.from().isEmpty() ? servers() : from(p), recorder);
    }

    /** The lock-service nodes a {@code partition workers ... from} names; a worker or the storage is refused. */
    private List<Partitionable> from(FaultSpec.Partition p) {
        List<Partitionable> named = new ArrayList<>();
        for (String name : p.from()) {
            FaultNode node = node(name);
            if (!(node instanceof Partitionable server) || node instanceof ClientNode) {
                throw new FaultNotSupportedException("'" + p.script() + "': " + name + " is not a lock-service node; "
                        + "workers can be cut off from " + Each.names(servers()));
            }
            named.add(server);
        }
        return named;
    }

    /** The lock-service nodes a partition may cut: every partitionable node but the workers. */
    private List<Partitionable> servers() {
        return all(Partitionable.class).stream().filter(n -> !(n instanceof ClientNode)).toList();
    }

    private ActiveFault toxic(FaultSpec.LinkToxic toxic) {
        LinkFaults links = targets.links().orElseThrow(() -> new FaultNotSupportedException(
                "'" + toxic.script() + "': link toxics (latency, bandwidth, blackhole, reset-peer) need the proxy "
                        + "in front of the nodes, and this cluster has no 'toxiproxy' node (a cluster started by an "
                        + "older lockchaos: start it again)"));
        for (String name : toxic.targets()) {
            if (!links.proxied().contains(name)) {
                throw new FaultNotSupportedException("'" + toxic.script() + "': " + name
                        + " has no proxied link; proxied nodes: " + links.proxied());
            }
        }
        return links.inject(toxic, recorder);
    }

    private ActiveFault failover(FaultSpec.Failover f) {
        HasPrimary primary = targets.primary().orElseThrow(() -> new FaultNotSupportedException(
                "'" + f.script() + "': this cluster has no primary that can fail over (use redis-replicated)"));
        return FailoverFault.inject(f, primary, old -> {
            if (f.method() == FailoverMethod.KILL) {
                return KillFault.kill(new FaultSpec.Kill(List.of(old)), nodes(List.of(old), Killable.class, "killed"),
                        recorder);
            }
            if (f.method() == FailoverMethod.ISOLATE) {
                return PartitionFault.inject(new FaultSpec.Partition(PartitionShape.ISOLATE, List.of(old)),
                        servers(), random, recorder);
            }
            primary.requestFailover();
            return Healing.done(f);
        }, recorder);
    }

    /** The named nodes as {@code capability}; errors list the nodes and those that have it. */
    private <T extends FaultNode> List<T> nodes(List<String> names, Class<T> capability, String verb) {
        List<T> found = new ArrayList<>();
        for (String name : names) {
            FaultNode node = node(name);
            if (!capability.isInstance(node)) {
                throw new FaultNotSupportedException("node '" + name + "' cannot be " + verb + "; nodes that can: "
                        + Each.names(all(capability)));
            }
            found.add(capability.cast(node));
        }
        return found;
    }

    private FaultNode node(String name) {
        return targets.nodes().stream().filter(n -> n.name().equals(name)).findFirst()
                .orElseThrow(() -> new FaultNotSupportedException("no node '" + name + "' in this cluster; its nodes are "
                        + Each.names(targets.nodes())));
    }

    private <T extends FaultNode> List<T> all(Class<T> capability) {
        return targets.nodes().stream().filter(capability::isInstance).map(capability::cast).toList();
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
        List<String> resumed = new ArrayList<>();
        List<String> started = new ArrayList<>();
        List<String> unskewed = new ArrayList<>();
        List<String> reconnected = new ArrayList<>();
        List<Runnable> steps = new ArrayList<>();
        for (FaultNode node : targets.nodes()) {
            steps.add(() -> sweep(node, resumed, started, unskewed, reconnected));
        }
        Map<Value, Value> links = new LinkedHashMap<>();
        targets.links().ifPresent(l -> steps.add(() -> links.putAll(l.healAll().entries())));
        try {
            Each.all("sweep the nodes", steps);
        } finally {
            Map<Value, Value> value = new LinkedHashMap<>(Value.map("resumed", Values.names(resumed),
                    "started", Values.names(started), "clocks-reset", Values.names(unskewed),
                    "unpartitioned", Values.names(reconnected)).entries());
            value.putAll(links);
            recorder.record("heal-all", new Value.Dict(value));
        }
    }

    private static void sweep(FaultNode node, List<String> resumed, List<String> started, List<String> unskewed,
                              List<String> reconnected) {
        if (node instanceof Pausable p && p.isPaused()) {
            p.resume();
            resumed.add(node.name());
        }
        if (node instanceof Killable k && !k.isRunning()) {
            k.start();
            started.add(node.name());
        }
        if (node instanceof Partitionable p && p.undropAll() > 0) {
            reconnected.add(node.name());
        }
        if (node instanceof ClockSkewable c && !c.clockOffset().isZero()) {
            c.setClockOffset(Duration.ZERO);
            unskewed.add(node.name());
        }
    }

    @Override
    public FaultMenu menu() {
        boolean failover = targets.primary().isPresent() && !all(Killable.class).isEmpty();
        return new FaultMenu(Each.names(all(Pausable.class)), Each.names(all(ClockSkewable.class)),
                Each.names(all(Killable.class)), Each.names(servers()),
                targets.links().map(LinkFaults::proxied).orElse(List.of()), failover);
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
