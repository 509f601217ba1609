package io.lockchaos.faults.schedule;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * One fault, as data: what to do to which nodes. How long it lasts belongs to the
 * {@link ScheduledFault} or the command that injects it, not to the fault.
 */
public sealed interface FaultSpec {

    /** The node or worker names the fault acts on (empty for whole-cluster faults). */
    List<String> targets();

    /** The fault's text form, without a duration: {@code pause worker-2}. */
    String script();

    /** SIGSTOP, later SIGCONT, of a server process or a worker process. */
    record Pause(List<String> targets) implements FaultSpec {
        public Pause {
            targets = nonEmpty(targets);
        }

        @Override
        public String script() {
            return "pause " + String.join(",", targets);
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
    }

    /** The shapes of a network partition (iptables inside the nodes' namespaces). */
    enum PartitionShape {
        /** The targets are cut off from every other node. */
        ISOLATE,
        /** A random majority and minority of the cluster's nodes. */
        HALVES,
        /** Two halves that can both reach one bridge node. */
        BRIDGE,
        /** Workers cut off from the lock service, or from the named part of it. */
        WORKERS;

        String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A network partition of {@code shape}. For {@link PartitionShape#WORKERS}, {@code targets}
     * are the workers (none: all of them) and {@code from} the lock-service nodes they are cut
     * off from (none: every one); the other shapes take no {@code from}.
     */
    record Partition(PartitionShape shape, List<String> targets, List<String> from) implements FaultSpec {
        public Partition {
            targets = List.copyOf(targets);
            from = List.copyOf(from);
            if (shape == PartitionShape.ISOLATE && targets.isEmpty()) {
                throw new IllegalArgumentException("partition isolate needs the nodes to isolate");
            }
            if (shape != PartitionShape.WORKERS && !from.isEmpty()) {
                throw new IllegalArgumentException("only partition workers cuts off from named nodes");
            }
        }

        /** A partition that cuts workers off from the whole lock service (or any other shape). */
        public Partition(PartitionShape shape, List<String> targets) {
            this(shape, targets, List.of());
        }

        @Override
        public String script() {
            return "partition " + shape.word() + (targets.isEmpty() ? "" : " " + String.join(",", targets))
                    + (from.isEmpty() ? "" : " from " + String.join(",", from));
        }
    }

    /** Toxics on the links through the proxy, in Toxiproxy's vocabulary. */
    enum ToxicKind {
        LATENCY, BANDWIDTH, BLACKHOLE, RESET_PEER;

        String word() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * A toxic on the targets' links: {@code latency} and {@code jitter} matter for LATENCY,
     * {@code rateKbps} (KB/s) for BANDWIDTH; the others take no argument.
     */
    record LinkToxic(ToxicKind kind, List<String> targets, Duration latency, Duration jitter, long rateKbps)
            implements FaultSpec {
        public LinkToxic {
            targets = nonEmpty(targets);
        }

        @Override
        public String script() {
            String base = kind.word() + " " + String.join(",", targets);
            return switch (kind) {
                case LATENCY -> base + " " + Durations.format(latency)
                        + (jitter.isZero() ? "" : " jitter " + Durations.format(jitter));
                case BANDWIDTH -> base + " " + rateKbps;
                case BLACKHOLE, RESET_PEER -> base;
            };
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
    }

    /** How to make Sentinel promote a replica. */
    enum FailoverMethod {
        KILL, ISOLATE, COMMAND;

        String word() {
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
    }

    private static List<String> nonEmpty(List<String> targets) {
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("a fault needs at least one target");
        }
        return List.copyOf(targets);
    }
}
