package io.lockchaos.faults.schedule;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * One fault, as data: what to do to which nodes, of the {@link FaultKind} it names, whose
 * grammar reads and draws it. How long it lasts belongs to the {@link ScheduledFault} or the command
 * that injects it, not to the fault. The nemesis hands a fault to its injector through
 * {@link #accept}: a new record adds a method to {@link Cases}, so the nemesis's dispatch fails
 * to compile until it handles the new one too (Java 17 has no pattern {@code switch}).
 */
public sealed interface FaultSpec {

    /** The node or worker names the fault acts on (empty for whole-cluster faults). */
    List<String> targets();

    /** The fault's text form, without a duration: {@code pause worker-2}. */
    String script();

    /** The kind it is, whose grammar reads it and whose injector the nemesis hands it to. */
    FaultKind kind();

    /** What its targets may be (its kind's); a step that names anything else is refused before a run starts. */
    default Reach reach() {
        return kind().reach();
    }

    /** The lock-service nodes it acts against besides its targets (those after {@code from}); none for most. */
    default List<String> from() {
        return List.of();
    }

    /**
     * This fault with each of its worker targets renamed by {@code rename} (names it does not
     * know it returns as they are): a pause, a clock fault, a starvation and a workers' cut-off
     * can name workers, and the run
     * (resolving {@code holder-<lane>}) and shrink (aiming at it) rename them; every other fault
     * stays as it is.
     */
    default FaultSpec renameWorkers(UnaryOperator<List<String>> rename) {
        return this;
    }

    /** The case of {@code cases} for this kind of fault. */
    <R> R accept(Cases<R> cases);

    /** What a fault's targets may name. */
    enum Reach {
        /** Lock-service nodes (servers, Sentinels, ZooKeeper servers). */
        SERVERS,
        /** Lock-service nodes and a run's workers. */
        SERVERS_OR_WORKERS,
        /** A run's workers only. */
        WORKERS,
        /** Proxied links: each server's client link, and replication and quorum links. */
        LINKS,
        /** No targets: the cluster's replaceable primary (Sentinel's). */
        PRIMARY
    }

    /** One case per kind of fault: the exhaustive switch over this sealed type. */
    interface Cases<R> {
        R pause(Pause fault);

        R clockBump(ClockBump fault);

        R clockStrobe(ClockStrobe fault);

        R clockReset(ClockReset fault);

        R partition(Partition fault);

        R cutOff(CutOff fault);

        R linkToxic(LinkToxic fault);

        R kill(Kill fault);

        R restart(Restart fault);

        R failover(Failover fault);

        R starve(Starve fault);
    }

    /** SIGSTOP, later SIGCONT, of a server process or a worker process. */
    record Pause(List<String> targets) implements FaultSpec {
        public Pause {
            targets = nonEmpty(targets);
        }

        @Override
        public String script() {
            return "pause " + String.join(",", targets);
        }

        @Override
        public FaultSpec renameWorkers(UnaryOperator<List<String>> rename) {
            return new Pause(rename.apply(targets));
        }

        @Override
        public FaultKind kind() {
            return FaultKind.PAUSE;
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.pause(this);
        }
    }

    /** Moves the wall clock of the targets' processes by {@code offset} (libfaketime). */
    record ClockBump(List<String> targets, Duration offset) implements FaultSpec {
        public ClockBump {
            targets = nonEmpty(targets);
        }

        @Override
        public String script() {
            return "clock " + String.join(",", targets) + " " + Durations.formatOffset(offset);
        }

        @Override
        public FaultSpec renameWorkers(UnaryOperator<List<String>> rename) {
            return new ClockBump(rename.apply(targets), offset);
        }

        @Override
        public FaultKind kind() {
            return FaultKind.CLOCK;
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.clockBump(this);
        }
    }

    /** Oscillates the targets' wall clocks by {@code delta} every {@code period}. */
    record ClockStrobe(List<String> targets, Duration delta, Duration period) implements FaultSpec {
        public ClockStrobe {
            targets = nonEmpty(targets);
        }

        @Override
        public String script() {
            return "clock " + String.join(",", targets) + " strobe " + Durations.format(delta)
                    + " " + Durations.format(period);
        }

        @Override
        public FaultSpec renameWorkers(UnaryOperator<List<String>> rename) {
            return new ClockStrobe(rename.apply(targets), delta, period);
        }

        @Override
        public FaultKind kind() {
            return FaultKind.CLOCK;
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.clockStrobe(this);
        }
    }

    /** Puts the targets' wall clocks back to true time. */
    record ClockReset(List<String> targets) implements FaultSpec {
        public ClockReset {
            targets = nonEmpty(targets);
        }

        @Override
        public String script() {
            return "clock " + String.join(",", targets) + " reset";
        }

        @Override
        public FaultSpec renameWorkers(UnaryOperator<List<String>> rename) {
            return new ClockReset(rename.apply(targets));
        }

        @Override
        public FaultKind kind() {
            return FaultKind.CLOCK;
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.clockReset(this);
        }
    }

    /** The shapes of a network partition among the lock-service nodes (iptables inside their namespaces). */
    enum PartitionShape {
        /** The targets are cut off from every other node. */
        ISOLATE,
        /** A random majority and minority of the cluster's nodes. */
        HALVES,
        /** Two halves that can both reach one bridge node. */
        BRIDGE;

        /** The shape's word in fault lines and in its ops: {@code isolate}. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A network partition of {@code shape} among the lock-service nodes; only ISOLATE has targets. */
    record Partition(PartitionShape shape, List<String> targets) implements FaultSpec {
        public Partition {
            targets = List.copyOf(targets);
            if (shape == PartitionShape.ISOLATE && targets.isEmpty()) {
                throw new IllegalArgumentException("partition isolate needs the nodes to isolate");
            }
        }

        @Override
        public String script() {
            return "partition " + shape.word() + (targets.isEmpty() ? "" : " " + String.join(",", targets));
        }

        @Override
        public FaultKind kind() {
            return FaultKind.PARTITION;
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.partition(this);
        }
    }

    /**
     * Workers cut off from the lock service ({@code partition workers}): {@code targets} are the
     * workers (none: all of them) and {@code from} the lock-service nodes they are cut off from
     * (none: every one), as in docs/design.md, row 6.
     */
    record CutOff(List<String> targets, List<String> from) implements FaultSpec {
        public CutOff {
            targets = List.copyOf(targets);
            from = List.copyOf(from);
        }

        @Override
        public String script() {
            return "partition workers" + (targets.isEmpty() ? "" : " " + String.join(",", targets))
                    + (from.isEmpty() ? "" : " from " + String.join(",", from));
        }

        @Override
        public FaultSpec renameWorkers(UnaryOperator<List<String>> rename) {
            return new CutOff(rename.apply(targets), from);
        }

        @Override
        public FaultKind kind() {
            return FaultKind.CUT_OFF;
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.cutOff(this);
        }
    }

    /** Toxics on the links through the proxy, in Toxiproxy's vocabulary. */
    enum ToxicKind {
        LATENCY, BANDWIDTH, BLACKHOLE, RESET_PEER;

        /** The kind's word in fault lines and in its ops' band: {@code reset-peer}. */
        public String word() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * A toxic on the targets' links: {@code latency} and {@code jitter} matter for LATENCY,
     * {@code rateKbps} (KB/s) for BANDWIDTH; the others take no argument.
     */
    record LinkToxic(ToxicKind type, List<String> targets, Duration latency, Duration jitter, long rateKbps)
            implements FaultSpec {
        public LinkToxic {
            targets = nonEmpty(targets);
        }

        @Override
        public String script() {
            String base = type.word() + " " + String.join(",", targets);
            return switch (type) {
                case LATENCY -> base + " " + Durations.format(latency)
                        + (jitter.isZero() ? "" : " jitter " + Durations.format(jitter));
                case BANDWIDTH -> base + " " + rateKbps;
                case BLACKHOLE, RESET_PEER -> base;
            };
        }

        @Override
        public FaultKind kind() {
            return FaultKind.LINK;
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.linkToxic(this);
        }
    }

    /** SIGKILL of the targets' server processes (restarted when the fault heals). */
    record Kill(List<String> targets) implements FaultSpec {
        public Kill {
            targets = nonEmpty(targets);
        }

        @Override
        public String script() {
            return "kill " + String.join(",", targets);
        }

        @Override
        public FaultKind kind() {
            return FaultKind.KILL;
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.kill(this);
        }
    }

    /** Restart of killed (or running) servers. */
    record Restart(List<String> targets) implements FaultSpec {
        public Restart {
            targets = nonEmpty(targets);
        }

        @Override
        public String script() {
            return "restart " + String.join(",", targets);
        }

        @Override
        public FaultKind kind() {
            return FaultKind.KILL;
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.restart(this);
        }
    }

    /** How to make Sentinel promote a replica. */
    enum FailoverMethod {
        KILL, ISOLATE, COMMAND;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    record Failover(FailoverMethod method) implements FaultSpec {
        @Override
        public List<String> targets() {
            return List.of();
        }

        @Override
        public String script() {
            return "failover " + method.word();
        }

        @Override
        public FaultKind kind() {
            return FaultKind.FAILOVER;
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.failover(this);
        }
    }

    /**
     * Limits each target's container to {@code share} of one CPU (its cgroup's CPU quota): the
     * process keeps running, slowly, as under a noisy neighbour or a GC storm; healed by
     * restoring the quota it had.
     */
    record Starve(List<String> targets, CpuShare share) implements FaultSpec {
        public Starve {
            targets = nonEmpty(targets);
        }

        @Override
        public String script() {
            return "starve " + String.join(",", targets) + " " + share;
        }

        @Override
        public FaultSpec renameWorkers(UnaryOperator<List<String>> rename) {
            return new Starve(rename.apply(targets), share);
        }

        @Override
        public FaultKind kind() {
            return FaultKind.STARVE;
        }

        @Override
        public <R> R accept(Cases<R> cases) {
            return cases.starve(this);
        }
    }

    private static List<String> nonEmpty(List<String> targets) {
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("a fault needs at least one target");
        }
        return List.copyOf(targets);
    }
}
