package io.lockchaos.harness.cli;

import io.lockchaos.history.format.JsonLinesHistoryWriter;
import io.lockchaos.cluster.ClusterException;
import io.lockchaos.cluster.ClusterState;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.faults.nemesis.ActiveFault;
import io.lockchaos.faults.nemesis.FaultNotSupportedException;
import io.lockchaos.faults.nemesis.HistoryFaultRecorder;
import io.lockchaos.faults.nemesis.NemesisException;
import io.lockchaos.faults.nemesis.NodeNemesis;
import io.lockchaos.faults.schedule.FaultParser;
import io.lockchaos.faults.schedule.FaultSpec;
import io.lockchaos.faults.schedule.FaultSyntaxException;
import io.lockchaos.cluster.nemesis.ClusterTargets;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lockchaos fault KIND TARGETS [ARGS] [DURATION]} and {@code lockchaos fault heal}: one
 * fault, by hand, on the cluster {@code cluster up} started. A fault with a duration blocks
 * until it has healed itself (Ctrl-C heals it too); without one it stays until
 * {@code fault heal}. Nothing is remembered between commands: the state of the faults is
 * read from the containers (tagged iptables rules, stopped processes, clock offset files,
 * CPU quotas, stopped containers). What the nemesis did is printed as JSON lines, the history's form.
 * Exit codes: 0 done, 1 the fault failed on a node, 3 bad usage (no cluster, unknown node,
 * a fault the node does not support, a line that does not parse).
 */
@Command(name = "fault",
        mixinStandardHelpOptions = true,
        description = {"Inject one fault into the cluster that is up, or heal them all.", "",
            "  fault pause T[,T...] [DURATION]         SIGSTOP, later SIGCONT",
            "  fault clock T[,...] +OFFSET|-OFFSET [DURATION]",
            "                                          move the wall clock (libfaketime)",
            "  fault clock T[,...] strobe DELTA PERIOD DURATION",
            "                                          flip the clock every PERIOD",
            "  fault clock T[,...] reset               clock back to true time",
            "  fault partition isolate T[,...] [DURATION]",
            "                                          cut nodes off from all others",
            "  fault partition halves|bridge [DURATION]  random halves, or bridged",
            "  fault kill T[,...] [DURATION]           SIGKILL; started when healed",
            "  fault restart T[,...]                   SIGKILL and start at once",
            "  fault failover [kill|isolate|command] [DURATION]",
            "                                          make Sentinel promote a replica",
            "  fault latency T[,...] LATENCY [jitter JITTER] [DURATION]",
            "  fault bandwidth T[,...] KBPS [DURATION]",
            "  fault blackhole|reset-peer T[,...] [DURATION]",
            "                                          toxics on T's links through the proxy",
            "  fault starve T[,...] P%% [DURATION]      at most P %% of one CPU (the",
            "                                          container's CPU quota); healed by",
            "                                          lifting it",
            "  fault heal                              remove every fault lockchaos left",
            "",
            "DURATION: 500ms, 5s, 2m (optionally after 'for'). Without one the fault",
            "stays until 'lockchaos fault heal'; with one the command blocks until it",
            "has healed. T: node names ('lockchaos cluster status'); storage takes none."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done", "1:the fault failed on a node", "3:bad usage (no cluster, an unknown node, a fault the"
                + " node does not support, a line that does not parse)"})
public final class FaultCommand implements Callable<Integer> {

    /** Exit code when a fault could not be injected or healed on a node. */
    public static final int EXIT_FAILED = 1;

    @Spec
    private CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FAULT", description = "KIND TARGETS [ARGS] [DURATION], or heal")
    private List<String> words;

    @Option(names = "--cluster-state", hidden = true, description = "the cluster state file (tests)")
    private Path stateFile;

    @Option(names = "--seed", defaultValue = "0", description = "seed for partition halves and bridge (default: random)")
    private long seed;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        boolean heal = words.size() == 1 && words.get(0).equals("heal");
        Optional<FaultParser.Timed> timed;
        Optional<ClusterState> state;
        try {
            timed = heal ? Optional.empty() : Optional.of(parse());
            state = ClusterState.read(stateFile != null ? stateFile : ClusterState.defaultFile());
        } catch (ClusterException | FaultSyntaxException e) {
            err.println("lockchaos: " + e.getMessage());
            return Main.EXIT_USAGE;
        }
        if (state.isEmpty()) {
            err.println("lockchaos: no cluster is up; start one with 'lockchaos cluster up TOPOLOGY' "
                    + "(redis-single, redis-replicated, redlock, zookeeper)");
            return Main.EXIT_USAGE;
        }
        Optional<String> foreign = Clusters.foreignOwner(state.get());
        if (foreign.isPresent()) {
            err.println("lockchaos: no fault injected: " + Clusters.notOurs(state.get(),
                    stateFile != null ? stateFile : ClusterState.defaultFile(), foreign.get()));
            return Main.EXIT_USAGE;
        }
        ClusterTargets targets = ClusterTargets.of(state.get());
        long effectiveSeed = seed != 0 ? seed : System.nanoTime();
        // Never closed: closing would close the command's standard output; each line is flushed.
        HistoryFaultRecorder recorder = new HistoryFaultRecorder(new JsonLinesHistoryWriter(out, "standard output"),
                System::nanoTime);
        try {
            NodeNemesis nemesis = new NodeNemesis(targets, recorder, effectiveSeed);
            int code = timed.isEmpty() ? heal(nemesis, err) : inject(nemesis, timed.get(), err);
            rememberNewPorts(state.get(), targets);
            return code;
        } catch (FaultSyntaxException | FaultNotSupportedException e) {
            err.println("lockchaos: " + e.getMessage());
            return Main.EXIT_USAGE;
        } catch (NemesisException e) {
            err.println("lockchaos: " + e.getMessage() + "; 'lockchaos fault heal' removes what is left");
            return EXIT_FAILED;
        }
    }

    private int heal(NodeNemesis nemesis, PrintWriter err) {
        nemesis.healAll();
        err.println("lockchaos: healed; no tagged iptables rule, stopped process, clock offset or killed server is left");
        return 0;
    }

    /** The fault the words name; checked before anything looks for the cluster. */
    private FaultParser.Timed parse() {
        FaultParser.Timed timed = FaultParser.parse(words);
        if (timed.fault() instanceof FaultSpec.ClockStrobe && timed.duration().isEmpty()) {
            throw new FaultSyntaxException("command line", 0, String.join(" ", words), "a clock strobe runs in this "
                    + "process and needs a duration, e.g. 'fault clock zk-1 strobe 5s 1s 30s'");
        }
        return timed;
    }

    private int inject(NodeNemesis nemesis, FaultParser.Timed timed, PrintWriter err) {
        ActiveFault fault = nemesis.inject(timed.fault());
        if (timed.duration().isEmpty()) {
            err.println("lockchaos: " + timed.fault().script() + (fault.isHealed() ? " done"
                    : " stays until 'lockchaos fault heal'"));
            return 0;
        }
        Thread healOnExit = new Thread(fault::close, "lockchaos-fault-heal");
        Runtime.getRuntime().addShutdownHook(healOnExit);
        try {
            waitFor(timed.duration().get());
        } finally {
            fault.close();
            removeHook(healOnExit);
        }
        err.println("lockchaos: " + timed.fault().script() + " healed after " + timed.duration().get().toMillis() + " ms");
        return 0;
    }

    /** The fault lasts this long: the command's whole job, so a plain sleep. */
    private static void waitFor(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C: the hook is running and closes the (already healed) fault again, which does nothing.
            return;
        }
    }

    /** A restarted node is published on a new port: keep the state file's address current. */
    private void rememberNewPorts(ClusterState state, ClusterTargets targets) {
        List<ClusterState.Entry> entries = state.nodes().stream().map(e -> {
            int now = targets.hostPort(e.name());
            String ip = targets.ip(e.name());
            if (now <= 0 || (now == e.port() && e.ip().equals(ip))) {
                return e;
            }
            return new ClusterState.Entry(e.name(), e.role(), e.host(), now, ip, e.internalPort(), e.containerId(),
                    e.containerName(), e.pid(), e.persistent(), e.proxyPort(), e.proxyInternalPort());
        }).toList();
        if (!entries.equals(state.nodes())) {
            new ClusterState(state.runId(), state.topology(), state.network(), state.zkNodes(), state.persist(), entries,
                    state.checkout())
                    .write(stateFile != null ? stateFile : ClusterState.defaultFile());
            spec.commandLine().getErr().println("lockchaos: restarted nodes have new addresses; 'lockchaos cluster status' "
                    + "shows them");
        }
    }
}
