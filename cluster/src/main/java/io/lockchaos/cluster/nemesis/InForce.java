package io.lockchaos.cluster.nemesis;

import com.github.dockerjava.api.command.InspectContainerResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The faults in force on a cluster, read from the engine, never from a file: for each
 * lock-service node whether its container runs, is stopped (a SIGKILLed server), paused
 * ({@code docker pause}, or its PID 1 stopped by SIGSTOP: {@code T} in {@code /proc/1/stat}) or
 * gone; its libfaketime clock offset; the peers its tagged iptables rules cut it off from; and
 * the toxics on the proxy's links. A {@code fault pause redis-1 30s} whose command was SIGKILLed
 * leaves redis-1 stopped: {@code cluster status} shows it here.
 *
 * @param nodes each lock-service node's state, in the cluster's order
 * @param links the proxy's links with a fault in force: toxic names, or {@code disabled}
 */
public record InForce(List<NodeFaults> nodes, Map<String, List<String>> links) {

    /** What a node's process is doing. */
    public enum Process {
        RUNNING("running"), PAUSED("paused"), STOPPED("stopped"), GONE("gone");

        private final String word;

        Process(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    /**
     * One node's faults.
     *
     * @param cutFrom the nodes (by name, or address when no node has it) its tagged iptables rules drop, one entry per peer
     */
    public record NodeFaults(String node, Process process, Duration clockOffset, List<String> cutFrom) {

        /** Whether any fault is in force on it (a process that is not running counts). */
        public boolean faulted() {
            return process != Process.RUNNING || !clockOffset.isZero() || !cutFrom.isEmpty();
        }

        /** In words: {@code paused; clock +30s; cut off from redis-2, redis-3}, or {@code -}. */
        public String summary() {
            List<String> parts = new ArrayList<>();
            if (process != Process.RUNNING) {
                parts.add(process.word());
            }
            if (!clockOffset.isZero()) {
                parts.add("clock " + Offsets.format(clockOffset));
            }
            if (!cutFrom.isEmpty()) {
                parts.add("cut off from " + String.join(", ", cutFrom));
            }
            return parts.isEmpty() ? "-" : String.join("; ", parts);
        }
    }

    /** Reads what is in force on {@code targets}' nodes and proxy now. */
    public static InForce read(ClusterTargets targets) {
        List<NodeFaults> nodes = new ArrayList<>();
        for (ContainerNode node : targets.containerNodes()) {
            nodes.add(read(node, targets));
        }
        Map<String, List<String>> links = new LinkedHashMap<>();
        targets.proxyLinks().ifPresent(p -> links.putAll(p.inForce()));
        return new InForce(List.copyOf(nodes), links);
    }

    private static NodeFaults read(ContainerNode node, ClusterTargets targets) {
        InspectContainerResponse inspect;
        try {
            inspect = node.ops().inspect();
        } catch (ContainerGoneException gone) {
            return new NodeFaults(node.name(), Process.GONE, Duration.ZERO, List.of());
        }
        var state = inspect.getState();
        if (!Boolean.TRUE.equals(state.getRunning())) {
            return new NodeFaults(node.name(), Process.STOPPED, Duration.ZERO, List.of());
        }
        if (Boolean.TRUE.equals(state.getPaused())) {
            // A frozen cgroup runs no docker exec: its clock and rules cannot be read until it is unpaused.
            return new NodeFaults(node.name(), Process.PAUSED, Duration.ZERO, List.of());
        }
        Process process = node.isPaused() ? Process.PAUSED : Process.RUNNING;
        List<String> cut = node.droppedPeers().stream().map(targets::nameOf).distinct().toList();
        return new NodeFaults(node.name(), process, node.clockOffset(), cut);
    }

    /** Whether any fault is in force. */
    public boolean any() {
        return !links.isEmpty() || nodes.stream().anyMatch(NodeFaults::faulted);
    }
}
