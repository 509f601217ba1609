package io.lockchaos.harness.cli;

import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterException;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.ClusterState;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Leftovers;
import io.lockchaos.cluster.Topology;
import io.lockchaos.cluster.nemesis.ClusterTargets;
import io.lockchaos.cluster.nemesis.InForce;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lockchaos cluster up|status|down}: a cluster that outlives the command, for
 * experiments by hand. Its state lives in {@code results/.cluster.json}. Exit codes: 0 done,
 * 1 the cluster could not be started, 3 bad usage (an unknown topology lists the valid ones).
 */
@Command(name = "cluster",
        description = "Start, list or remove a cluster that stays up between commands.",
        mixinStandardHelpOptions = true,
        subcommands = {ClusterCommand.Up.class, ClusterCommand.Status.class, ClusterCommand.Down.class})
public final class ClusterCommand implements Runnable {

    /** Exit code when a cluster could not be started (no engine, a node that did not come up). */
    public static final int EXIT_FAILED = 1;

    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
    }

    /**
     * Whether {@code args} were {@code cluster up ...}: such a JVM must end without running
     * shutdown hooks, or Testcontainers (Ryuk off) removes the cluster it just started.
     */
    static boolean startedDetachedCluster(String... args) {
        return args.length >= 2 && args[0].equals("cluster") && args[1].equals("up");
    }

    /** Says which runs of other checkouts share the engine: never removed from here. */
    static void listForeign(PrintWriter err) {
        for (Leftovers.Foreign run : Clusters.foreign()) {
            err.println("lockchaos: left alone: " + run + " (another checkout's; its own 'cluster down' removes it)");
        }
    }

    /** {@code cluster up TOPOLOGY}. */
    @Command(name = "up", mixinStandardHelpOptions = true,
            description = "Start a cluster and leave it running.")
    static final class Up implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Parameters(index = "0", paramLabel = "TOPOLOGY", completionCandidates = TopologyIds.class,
                description = "One of: ${COMPLETION-CANDIDATES}")
        private String topology;

        @Option(names = "--zk-nodes", defaultValue = "3", description = "ZooKeeper ensemble size: 3 or 5 (default ${DEFAULT-VALUE})")
        private int zkNodes;

        @Option(names = "--persist", description = "Redis with appendonly yes, appendfsync always")
        private boolean persist;

        @Override
        public Integer call() {
            PrintWriter err = spec.commandLine().getErr();
            Topology t;
            ClusterOptions options;
            try {
                t = Topology.parse(topology);
                options = new ClusterOptions(zkNodes, persist);
            } catch (ClusterException e) {
                err.println("lockchaos: " + e.getMessage());
                return Main.EXIT_USAGE;
            }
            Path file = ClusterState.defaultFile();
            Optional<ClusterState> existing = ClusterState.read(file);
            Optional<String> foreign = existing.flatMap(Clusters::foreignOwner);
            if (foreign.isPresent()) {
                err.println("lockchaos: " + existing.get().topology() + " run " + existing.get().runId() + " in " + file
                        + " is the checkout " + foreign.get() + "'s: left alone; starting this checkout's own");
            } else if (existing.isPresent() && Clusters.containerCount(existing.get().runId()) > 0) {
                err.println("lockchaos: a " + existing.get().topology() + " cluster (run " + existing.get().runId()
                        + ") is already up; run 'lockchaos cluster down' first");
                return Main.EXIT_USAGE;
            }
            List<String> removed = Clusters.removeDetachedExcept(null);
            if (!removed.isEmpty()) {
                err.println("lockchaos: removed leftovers of this checkout's earlier runs: " + removed);
            }
            listForeign(err);
            long started = System.nanoTime();
            Cluster cluster;
            try {
                cluster = Clusters.startDetached(t, options);
            } catch (ClusterException e) {
                err.println("lockchaos: " + e.getMessage());
                return EXIT_FAILED;
            }
            ClusterState state = ClusterState.of(cluster, options);
            state.write(file);
            err.printf("lockchaos: %s cluster up in %.1f s (run %s); state in %s%n", t.id(),
                    (System.nanoTime() - started) / 1e9, cluster.runId(), file);
            Status.print(spec.commandLine().getOut(), state);
            return 0;
        }
    }

    /** Every registered topology's name, for {@code cluster up}'s help. */
    static final class TopologyIds implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(Topology.values()).map(Topology::id).iterator();
        }
    }

    /** {@code cluster status [--json]}. */
    @Command(name = "status", mixinStandardHelpOptions = true,
            description = {"List the nodes of the cluster that is up, and the faults in force on each: a paused or"
                    + " stopped process, a clock offset, a cut link, a toxic on the proxy. The faults are read from"
                    + " the engine (container state, /proc/1/stat, the libfaketime file, the tagged iptables rules,"
                    + " the proxy's API), so a fault whose command was killed shows too."})
    static final class Status implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Option(names = "--json", description = "Print the state as JSON, each node with its \"faults\"")
        private boolean json;

        @Option(names = "--cluster-state", hidden = true, description = "the cluster state file (tests)")
        private Path stateFile;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            Path file = stateFile != null ? stateFile : ClusterState.defaultFile();
            Optional<ClusterState> state = ClusterState.read(file);
            if (state.isEmpty()) {
                if (json) {
                    out.println("{\"topology\": null, \"nodes\": []}");
                }
                spec.commandLine().getErr().println("lockchaos: no cluster is up (start one with 'lockchaos cluster up TOPOLOGY')");
                return 0;
            }
            Optional<String> foreign = Clusters.foreignOwner(state.get());
            if (foreign.isPresent()) {
                if (json) {
                    out.println("{\"topology\": null, \"nodes\": []}");
                }
                spec.commandLine().getErr().println("lockchaos: no cluster of this checkout is up; "
                        + Clusters.notOurs(state.get(), file, foreign.get()));
                return 0;
            }
            int present = Clusters.containerCount(state.get().runId());
            if (present < state.get().nodes().size()) {
                spec.commandLine().getErr().printf("lockchaos: %d of the %d containers of run %s are gone; "
                        + "'lockchaos cluster down' cleans up%n", state.get().nodes().size() - present,
                        state.get().nodes().size(), state.get().runId());
            }
            InForce faults = InForce.read(ClusterTargets.of(state.get()));
            if (json) {
                out.println(StatusJson.of(state.get(), faults));
            } else {
                print(out, state.get(), faults);
            }
            out.flush();
            return 0;
        }

        static void print(PrintWriter out, ClusterState state) {
            print(out, state, new InForce(List.of(), java.util.Map.of()));
        }

        /** The nodes, each with the faults in force on it, and a line on the proxy's links. */
        static void print(PrintWriter out, ClusterState state, InForce faults) {
            out.printf("%s cluster (run %s, network %s)%n", state.topology(), state.runId(), state.network());
            out.printf("%-12s %-9s %-21s %-21s %-16s %-32s %s%n", "NODE", "ROLE", "ADDRESS", "VIA PROXY", "NETWORK IP",
                    "CONTAINER", "FAULTS");
            for (ClusterState.Entry n : state.nodes()) {
                String inForce = faults.nodes().stream().filter(f -> f.node().equals(n.name())).findFirst()
                        .map(InForce.NodeFaults::summary).orElse("-");
                out.printf("%-12s %-9s %-21s %-21s %-16s %-32s %s%n", n.name(), n.role(), n.host() + ":" + n.port(),
                        n.proxyPort() > 0 ? n.host() + ":" + n.proxyPort() : "-", n.ip(), n.containerName(), inForce);
            }
            faults.links().forEach((proxy, toxics) -> out.println("link " + proxy + " (through the proxy): "
                    + String.join(", ", toxics)));
            if (!faults.nodes().isEmpty()) {
                out.println(faults.any() ? "faults in force: 'lockchaos fault heal' removes them"
                        : "no fault in force");
            }
            out.flush();
        }
    }

    /** {@code cluster down}. */
    @Command(name = "down", mixinStandardHelpOptions = true, description = "Remove the cluster that is up.")
    static final class Down implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Override
        public Integer call() {
            Path file = ClusterState.defaultFile();
            Optional<ClusterState> read = ClusterState.read(file);
            Optional<String> foreign = read.flatMap(Clusters::foreignOwner);
            Optional<ClusterState> state = foreign.isPresent() ? Optional.empty() : read;
            state.ifPresent(s -> Clusters.remove(s.runId()));
            List<String> orphans = Clusters.removeDetachedExcept(null);
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot remove the cluster state file " + file, e);
            }
            PrintWriter err = spec.commandLine().getErr();
            foreign.ifPresent(owner -> err.println("lockchaos: removed nothing of it: "
                    + Clusters.notOurs(read.get(), file, owner) + "; " + file + " is forgotten here"));
            if (state.isPresent()) {
                err.println("lockchaos: removed the " + state.get().topology() + " cluster (run " + state.get().runId() + ")");
            } else if (orphans.isEmpty() && foreign.isEmpty()) {
                err.println("lockchaos: no cluster is up");
            }
            if (!orphans.isEmpty()) {
                err.println("lockchaos: removed leftovers of this checkout's earlier runs: " + orphans);
            }
            listForeign(err);
            return 0;
        }
    }
}
