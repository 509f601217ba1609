package io.lockchaos.faults.nemesis;

import io.lockchaos.faults.schedule.FaultSpec;
import io.lockchaos.faults.schedule.FaultSpec.FailoverMethod;
import io.lockchaos.faults.schedule.FaultSpec.PartitionShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Hands each fault to its package's inject ({@link PauseFault}, {@link ClockFault},
 * {@link KillFault}, {@link PartitionFault}, {@link CutOffFault}, {@link FailoverFault},
 * {@link StarveFault}, and
 * for {@link LinkFault} the cluster's {@link ProxiedLinks}) with the targets it names, each
 * checked to exist and to have the capability the fault needs. One case per record of the
 * sealed {@link FaultSpec} ({@link FaultSpec.Cases}): a record without a case here does not
 * compile.
 *
 * @param random drives the random choices of partitions into halves or with a bridge
 */
record Dispatch(FaultTargets targets, FaultRecorder recorder, Random random) implements FaultSpec.Cases<ActiveFault> {

    @Override
    public ActiveFault pause(FaultSpec.Pause p) {
        return PauseFault.inject(p, nodes(p.targets(), Pausable.class, "paused"), recorder);
    }

    @Override
    public ActiveFault clockBump(FaultSpec.ClockBump c) {
        return ClockFault.bump(c, clocks(c), recorder);
    }

    @Override
    public ActiveFault clockStrobe(FaultSpec.ClockStrobe c) {
        return ClockFault.strobe(c, clocks(c), recorder);
    }

    @Override
    public ActiveFault clockReset(FaultSpec.ClockReset c) {
        return ClockFault.reset(c, clocks(c), recorder);
    }

    private List<ClockSkewable> clocks(FaultSpec clock) {
        return nodes(clock.targets(), ClockSkewable.class, "clock-skewed");
    }

    @Override
    public ActiveFault starve(FaultSpec.Starve s) {
        return StarveFault.inject(s, nodes(s.targets(), Starvable.class, "starved of CPU"), recorder);
    }

    @Override
    public ActiveFault kill(FaultSpec.Kill k) {
        return KillFault.kill(k, nodes(k.targets(), Killable.class, "killed"), recorder);
    }

    @Override
    public ActiveFault restart(FaultSpec.Restart r) {
        return KillFault.restart(r, nodes(r.targets(), Killable.class, "restarted"), recorder);
    }

    @Override
    public ActiveFault partition(FaultSpec.Partition p) {
        for (Partitionable node : nodes(p.targets(), Partitionable.class, "partitioned")) {
            if (node instanceof ClientNode) {
                throw new FaultNotSupportedException("'" + p.script() + "': " + node.name() + " is a worker, not a "
                        + "server; cut workers off from the lock service with 'partition workers " + node.name() + "'");
            }
        }
        return PartitionFault.inject(p, targets.servers(), random, recorder);
    }

    @Override
    public ActiveFault cutOff(FaultSpec.CutOff c) {
        List<ClientNode> workers = c.targets().isEmpty() ? targets.all(ClientNode.class)
                : nodes(c.targets(), ClientNode.class, "cut off from the lock service");
        if (workers.isEmpty()) {
            throw new FaultNotSupportedException("'" + c.script() + "': there are no workers to cut off; it needs "
                    + "worker nodes, which only a run has: put it in a scenario's schedule");
        }
        return CutOffFault.inject(c, workers, c.from().isEmpty() ? targets.servers() : from(c), recorder);
    }

    /** The lock-service nodes a {@code partition workers ... from} names; a worker or the storage is refused. */
    private List<Partitionable> from(FaultSpec.CutOff c) {
        List<Partitionable> named = new ArrayList<>();
        for (String name : c.from()) {
            FaultNode node = node(name);
            if (!(node instanceof Partitionable server) || node instanceof ClientNode) {
                throw new FaultNotSupportedException("'" + c.script() + "': " + name + " is not a lock-service node; "
                        + "workers can be cut off from " + Each.names(targets.servers()));
            }
            named.add(server);
        }
        return named;
    }

    @Override
    public ActiveFault linkToxic(FaultSpec.LinkToxic toxic) {
        ProxiedLinks links = targets.links().orElseThrow(() -> new FaultNotSupportedException(
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

    @Override
    public ActiveFault failover(FaultSpec.Failover f) {
        HasPrimary primary = targets.primary().orElseThrow(() -> new FaultNotSupportedException(
                "'" + f.script() + "': this cluster has no primary that can fail over (use redis-replicated)"));
        return FailoverFault.inject(f, primary, old -> {
            if (f.method() == FailoverMethod.KILL) {
                return kill(new FaultSpec.Kill(List.of(old)));
            }
            if (f.method() == FailoverMethod.ISOLATE) {
                return PartitionFault.inject(new FaultSpec.Partition(PartitionShape.ISOLATE, List.of(old)),
                        targets.servers(), random, recorder);
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
                        + Each.names(targets.all(capability)));
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
}
