package io.lockchaos.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The Docker labels on every container and network of one cluster run, and the rule that
 * decides whether a labelled leftover may be removed.
 *
 * <p>A run started inside a JVM (a test, a scenario) is <em>attached</em>: its owner label
 * names that JVM ({@code host:pid:startMillis}); once that process is gone its leftovers are
 * garbage. A run started by {@code lockchaos cluster up} is <em>detached</em>: it outlives
 * its JVM on purpose and only {@code cluster down} (or a later {@code cluster up} that no
 * longer finds it in the state file) removes it.
 *
 * <p>Several checkouts (and users) may share one engine: every run also carries its
 * checkout's canonical path, and a command removes only what its own checkout started
 * ({@link #ours}); other checkouts' runs are listed and left alone.
 *
 * @param runId unique per cluster start
 * @param topology the topology's id
 * @param owner {@code host:pid:startMillis} of the JVM that started it
 * @param detached whether it was started by {@code cluster up}
 * @param checkout the canonical path of the checkout that started it
 */
public record RunLabels(String runId, String topology, String owner, boolean detached, String checkout) {

    public static final String RUN = "io.lockchaos.run";
    public static final String TOPOLOGY = "io.lockchaos.topology";
    public static final String OWNER = "io.lockchaos.owner";
    public static final String DETACHED = "io.lockchaos.detached";
    public static final String NODE = "io.lockchaos.node";
    public static final String ROLE = "io.lockchaos.role";
    public static final String CHECKOUT = "io.lockchaos.checkout";

    /** Labels for a new run owned by this JVM and this checkout. */
    public static RunLabels newRun(String runId, Topology topology, boolean detached) {
        return new RunLabels(runId, topology.id(), currentOwner(), detached, currentCheckout());
    }

    /**
     * The checkout's identity: the canonical path of {@link ProjectRoot#find()} (symbolic links
     * resolved, so two spellings of one checkout are one).
     */
    public static String currentCheckout() {
        Path root = ProjectRoot.find();
        try {
            return root.toRealPath().toString();
        } catch (IOException e) {
            return root.toAbsolutePath().normalize().toString();
        }
    }

    /**
     * Whether a resource with these labels belongs to {@code checkout}. A run without the
     * label (started by an older lockchaos) is nobody's here: listed, never removed.
     */
    public static boolean ours(Map<String, String> labels, String checkout) {
        return checkout.equals(labels.get(CHECKOUT));
    }

    /** The labels of the network and of every container. */
    public Map<String, String> common() {
        Map<String, String> labels = new HashMap<>();
        labels.put(RUN, runId);
        labels.put(TOPOLOGY, topology);
        labels.put(OWNER, owner);
        labels.put(DETACHED, Boolean.toString(detached));
        labels.put(CHECKOUT, checkout);
        return labels;
    }

    /** The labels of one node's container. */
    public Map<String, String> forNode(String name, Role role) {
        Map<String, String> labels = common();
        labels.put(NODE, name);
        labels.put(ROLE, role.label());
        return labels;
    }

    /**
     * Whether an attached run with this owner label has lost its owner: the owner ran on
     * this host and no process with its pid and start time is alive. Runs of other hosts
     * and unreadable labels are never judged dead.
     */
    public static boolean ownerIsGone(String ownerLabel) {
        String[] parts = ownerLabel == null ? new String[0] : ownerLabel.split(":");
        if (parts.length != 3 || !parts[0].equals(hostName())) {
            return false;
        }
        long pid;
        long startMillis;
        try {
            pid = Long.parseLong(parts[1]);
            startMillis = Long.parseLong(parts[2]);
        } catch (NumberFormatException e) {
            return false;
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive()) {
            return true;
        }
        long actualStart = process.get().info().startInstant().map(Instant::toEpochMilli).orElse(0L);
        // A reused pid belongs to a process that started later than the owner did.
        return startMillis != 0 && actualStart != 0 && Math.abs(actualStart - startMillis) > 1000;
    }

    /** The owner label of this JVM. */
    static String currentOwner() {
        ProcessHandle self = ProcessHandle.current();
        return ownerLabel(self.pid(), self.info().startInstant().map(Instant::toEpochMilli).orElse(0L));
    }

    /** The owner label of process {@code pid} on this host, started at {@code startMillis} (0: unknown). */
    static String ownerLabel(long pid, long startMillis) {
        return hostName() + ":" + pid + ":" + startMillis;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return Optional.ofNullable(System.getenv("HOSTNAME")).orElse("localhost");
        }
    }
}
