package io.lockchaos.harness.run;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.lock.UnsafeWindows;
import io.lockchaos.history.History;
import io.lockchaos.workloads.backend.LockLibraries;
import io.lockchaos.cluster.NodeJar;
import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterException;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.ClusterSite;
import io.lockchaos.cluster.DaemonTask;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.EngineWatch;
import io.lockchaos.cluster.ImageTags;
import io.lockchaos.cluster.Node;
import io.lockchaos.cluster.Role;
import io.lockchaos.faults.schedule.SchedulePlan;
import io.lockchaos.cluster.nemesis.ClusterTargets;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.lock.Tokens;
import io.lockchaos.workloads.etcd.GuardedEtcdStorage;
import io.lockchaos.workloads.storage.Storage;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.utility.LogUtils;

/**
 * One run of a scenario, from set-up to results:
 * <pre>{@code
 * try (Run run = Run.create(scenario, Path.of("results"), System.err::println)) {
 *     RunOutcome outcome = run.execute();
 * }
 * }</pre>
 * {@link #execute()} starts the cluster and, while it starts, one worker container per worker
 * on the cluster network ({@link Workers}); once the cluster is up it gives each worker its
 * config, waits for each one's first operation, lets them run for the scenario's
 * duration while {@link RunNemesis} plays the fault schedule, heals every fault, stops the
 * workers with SIGTERM, waits the quiet period, reads every ledger as {@code :process :final},
 * runs the checks per lane, and writes the results folder ({@link ResultsDir}) as it goes.
 * {@link #close()} heals and removes the workers and the cluster: after a failure too, and
 * from {@link ExitSignals} on Ctrl-C or SIGTERM before the JVM exits, and from a shutdown hook on any other exit.
 */
public final class Run implements AutoCloseable {

    /** How the failure of a run that was closed under it (Ctrl-C, SIGTERM) begins. */
    /** How long the final read's request to the storage node may take. */
    private static final Duration FINAL_READ_TIMEOUT = Duration.ofSeconds(10);
    /** How long the final read's request to etcd may take: its first request also connects a new jetcd client. */
    private static final Duration ETCD_FINAL_READ_TIMEOUT = Duration.ofSeconds(45);
    private static final String STOPPED = "the run was stopped (Ctrl-C or SIGTERM)";

    private final Scenario scenario;
    private final ResultsDir results;
    private final Consumer<String> progress;
    private final Workers workers;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Told once the run is started ({@link #onStarted}), and again when it ends: a listener takes a second call. */
    private volatile Runnable started = () -> { };
    /** How long the machine kept the harness from running, from the workers' release to the heal. */
    private Stalls stalls;
    private final Thread hook;
    /** Whether the run is closed on its way out of the JVM (a signal or the shutdown hook). */
    private volatile boolean exiting;
    /** The close a SIGINT or SIGTERM runs before the JVM exits ({@link ExitSignals}). */
    private final Runnable onSignal = () -> {
        exiting = true;
        close();
    };
    private volatile Cluster cluster;
    private volatile HistoryLog history;
    private volatile RunNemesis nemesis;
    private volatile EngineWatch engine;
    private volatile CompletableFuture<Void> clusterRemoval;
    /** Whether the cluster's start began, and (counted down) when it ended: a close waits for a start in flight. */
    private volatile boolean clusterStarting;
    private final java.util.concurrent.CountDownLatch clusterStartEnded = new java.util.concurrent.CountDownLatch(1);
    private final Holders holders = new Holders();
    private final Map<String, String> resolved = new LinkedHashMap<>();
    private final SchedulePlan plan;

    private Run(Scenario scenario, SchedulePlan plan, ResultsDir results, Consumer<String> progress) {
        this.scenario = scenario;
        this.plan = plan;
        this.results = results;
        this.progress = progress;
        this.workers = new Workers(scenario, results);
        this.hook = new Thread(this::close, "lockchaos-run-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
        ExitSignals.closeFirst(onSignal);
    }

    /**
     * Prepares a run of {@code scenario} with its results under {@code resultsRoot}; nothing
     * starts until {@link #execute()}. The scenario is checked first ({@link ScenarioCheck}),
     * so a bad one leaves no folder behind.
     *
     * @throws ScenarioException when the scenario cannot be run as it is
     */
    public static Run create(Scenario scenario, Path resultsRoot, Consumer<String> progress) {
        ScenarioCheck.check(scenario, ScenarioCheck.Where.file(scenario.name()), Path.of("").toAbsolutePath());
        SchedulePlan plan = scenario.schedule();
        try {
            NodeJar.configured(); // a lockchaos.nodeJar that names no node jar is refused before anything starts
        } catch (ClusterException e) {
            throw new ScenarioException(e.getMessage(), e);
        }
        ResultsDir dir = ResultsDir.create(resultsRoot, scenario.name(), LocalDateTime.now());
        Run run = new Run(scenario, plan, dir, progress);
        run.resolved.putAll(resolved(plan));
        run.writeScenarioJson();
        return run;
    }

    /**
     * Versions (lockchaos, Java, each lock library's: {@code library.redisson}) and image tags that
     * scenario.json records beside the scenario, and the schedule:
     * a script as parsed, a random one once it is drawn ({@link RunNemesis}).
     */
    static Map<String, String> resolved(SchedulePlan plan) {
        Map<String, String> r = new LinkedHashMap<>();
        r.put("schedule", plan instanceof SchedulePlan.Scripted s ? s.schedule().script()
                : "# " + plan.randomLine().orElseThrow() + ": drawn once the cluster is up\n");
        r.put("lockchaos", BuildInfo.current().line());
        r.put("java", System.getProperty("java.version"));
        LockLibraries.versions().forEach((library, v) -> r.put("library." + library, v));
        ImageTags tags = ImageTags.forProject();
        for (ImageTags.Image image : ImageTags.Image.values()) {
            r.put("image." + image.name().toLowerCase(java.util.Locale.ROOT), tags.tag(image));
        }
        r.put("startedAt", java.time.Instant.now().toString());
        return r;
    }

    private void writeScenarioJson() {
        results.write(results.scenarioJson(), ScenarioFile.toJson(scenario, resolved));
    }

    public ResultsDir results() {
        return results;
    }

    /** The cluster's run id (its containers' and the workers' label), once the cluster started. */
    public java.util.Optional<String> clusterRunId() {
        Cluster c = cluster;
        return c == null ? java.util.Optional.empty() : java.util.Optional.of(c.runId());
    }

    /**
     * Runs the scenario to the end and writes its results; {@link #close()} tears down. A run
     * that fails still gets a report.html of what it recorded, which says that it failed.
     */
    /**
     * Calls {@code started} once the run is started (its cluster up, its workers running and
     * answering: what a run's start-up costs the machine is behind it), or once it ended without.
     * Call before {@link #execute()}.
     */
    public void onStarted(Runnable started) {
        this.started = started;
    }

    public RunOutcome execute() {
        try {
            return executeSteps();
        } catch (RuntimeException e) {
            if (history != null) {
                history.close();
            }
            // A Docker call's error is often the first sign of a stopped engine: say that instead.
            EngineWatch watch = engine;
            // Closed under it (Ctrl-C, SIGTERM; its engine watch closed too): whatever failed then
            // failed because of that.
            RuntimeException failure = closed.get() ? stopped(e)
                    : watch != null && watch.confirm().isPresent() ? new RunException(watch.lost().orElseThrow(), e) : e;
            RunReport.afterFailure(results, scenario, String.valueOf(failure.getMessage()), closed.get(), this::say);
            throw failure;
        } finally {
            started.run();
        }
    }

    private static RunException stopped(RuntimeException e) {
        return e instanceof RunException r && String.valueOf(e.getMessage()).startsWith(STOPPED) ? r
                : new RunException(STOPPED + " (" + e.getMessage() + ")", e);
    }

    private RunOutcome executeSteps() {
        say("results in " + results.dir());
        say("starting a " + scenario.topology().id() + " cluster");
        engine = EngineWatch.start();
        Phases phases = new Phases();
        List<String> orphans = Clusters.removeOrphans();
        if (!orphans.isEmpty()) {
            say("removed what killed runs of this checkout left on the engine (runs " + String.join(", ", orphans) + ")");
        }
        boolean zkTokens = scenario.lock().tokens() == Tokens.ZK;
        clusterStarting = true;
        try {
            cluster = Clusters.start(scenario.topology(), ClusterOptions.DEFAULTS.withTokenServer(zkTokens).withStore(scenario.store()),
                    this::startWorkers);
        } finally {
            clusterStartEnded.countDown();
        }
        phases.end("cluster start");
        say("cluster up: " + cluster.nodes().stream().map(Node::name).toList() + " (run " + cluster.runId() + ")");
        long start = System.nanoTime();
        history = new HistoryLog(results.historyJsonl(), this::linkLatest);
        stalls = Stalls.start();
        releaseWorkers(start);
        phases.end("worker start");
        awaitFirstOps();
        phases.end("first ops");
        started.run();
        startNemesis(start);
        runFor(scenario.duration());
        phases.end("workload");
        say("healing every fault");
        nemesis.stopAndHeal();
        stalls.close();
        phases.end("heal");
        stopWorkers();
        workers.removeInBackground(); // their output has ended: nothing more to come from them
        phases.end("worker stop");
        CompletableFuture<Void> warmUp = DaemonTask.start("warm-up-checks",
                () -> RunChecks.warmUp(scenario, results.historyJsonl()));
        pause(scenario.quiet());
        phases.end("quiet");
        Node storage = cluster.nodes(Role.storage(scenario.store())).get(0);
        Map<String, Fencing> keys = new LinkedHashMap<>();
        scenario.lanes().forEach(l -> l.lockNames().forEach(name -> keys.put(name, l.fencing())));
        say("final read of " + keys.keySet());
        new FinalRead(mode -> finalReadStore(mode, storage), start, history::append).readAll(keys);
        phases.end("final read");
        saveNodeLogs();
        removeClusterInBackground(); // the checks and the report need no container
        phases.end("node logs");
        DaemonTask.join(warmUp);
        History merged = history.finish(results.historyEdn());
        say("history: " + merged.size() + " events; checking");
        RunChecks.requireGrants(scenario, merged);
        Map<String, CheckResult> checks = RunChecks.run(scenario, merged, CheckOptions.defaults());
        UnsafeWindows windows = UnsafeWindows.of(merged, scenario.lock().reentrancy()).toldBy(scenario.lock().lossNotice());
        phases.end("checks");
        writeReport(merged, checks, windows);
        phases.end("report");
        RunOutcome outcome = new RunOutcome(scenario, results.dir(), merged.size(), checks, phases.seconds(), windows,
                stalls.worstMs());
        results.write(results.resultsJson(), outcome.toJson());
        return outcome;
    }

    /**
     * The final read's client of the store a lane of {@code mode} writes to, from this machine:
     * the storage node, or for {@code guarded} the etcd members.
     */
    private Storage finalReadStore(Fencing mode, Node storage) {
        if (mode == Fencing.GUARDED) {
            return new GuardedEtcdStorage(cluster.nodes(Role.ETCD).stream().map(n -> new Address(n.host(), n.hostPort()))
                    .toList(), ETCD_FINAL_READ_TIMEOUT);
        }
        return scenario.store().open(new Address(storage.host(), storage.hostPort()), Fencing.UNFENCED, FINAL_READ_TIMEOUT);
    }

    /** {@code results/latest} moves to this run once it has recorded something. */
    private void linkLatest() {
        try {
            results.linkLatest();
        } catch (RunException e) {
            say(e.getMessage() + "; the run goes on");
        }
    }

    private void writeReport(History merged, Map<String, CheckResult> checks, UnsafeWindows windows) {
        try {
            RunReport.write(results, scenario, merged, checks, windows);
            say("report: " + results.reportHtml());
        } catch (RuntimeException e) {
            // results.json holds the verdicts already: a page that cannot be made is said, not fatal.
            say("could not write " + results.reportHtml() + ": " + e
                    + "; 'lockchaos report " + results.dir() + "' tries again");
        }
    }

    /**
     * Starts the worker containers while the cluster starts (on the cluster's network): each
     * JVM starts and waits for its config, which {@link #releaseWorkers} gives once the cluster
     * is up. No worker writes a line before that, so the history exists by then.
     */
    private void startWorkers(ClusterSite site) {
        say("starting " + scenario.totalWorkers() + " workers (" + scenario.workers() + " per storage mode "
                + scenario.storage().stream().map(f -> f.id()).toList() + ") while the cluster starts");
        workers.start(site, (name, line) -> {
            history.appendLine(line);
            holders.saw(name, line);
        }, holders::sawLog);
    }

    /** Gives every worker its config: the servers, the storage node and the run's start reference. */
    private void releaseWorkers(long start) {
        LockConfig lock = scenario.lock().config(cluster);
        Node storage = cluster.nodes(Role.storage(scenario.store())).get(0);
        Address storageNode = new Address(storage.name(), storage.port());
        workers.release((lane, i) -> WorkerConfigs.config(scenario, lane, i, lock, storageNode, start).json());
    }

    /** The duration and the schedule count from when every worker has recorded its first operation. */
    private void awaitFirstOps() {
        List<String> names = workers.names();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        List<String> silent = names;
        while (!silent.isEmpty() && System.nanoTime() < deadline) {
            silent = holders.awaitStarted(names, Duration.ofMillis(500));
            failIfClosed(() -> "before every worker's first operation"); // its workers are gone: none will answer
            failIfTheEngineIsGone();
            failIfAWorkerStopped("before its first operation");
        }
        if (!silent.isEmpty()) {
            say("no operation yet from " + silent + " 60 s after start; running anyway");
        }
    }

    private void startNemesis(long start) {
        nemesis = new RunNemesis(scenario, plan, ClusterTargets.of(cluster).withWorkers(workers.containerIds()),
                holders, history,
                start, this::say);
        String script = nemesis.schedule().script();
        resolved.put("schedule", script);
        writeScenarioJson();
        if (!script.isBlank()) {
            say("fault schedule" + plan.randomLine().map(line -> " (" + line + ", seed " + scenario.seed() + ")").orElse("")
                    + ": " + nemesis.schedule().oneLine());
        }
        nemesis.start();
    }

    private void runFor(Duration duration) {
        long end = System.nanoTime() + duration.toNanos();
        long nextReport = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        say("workers running for " + duration.toSeconds() + " s");
        while (System.nanoTime() < end) {
            pause(Duration.ofMillis(Math.min(250, Math.max(1, (end - System.nanoTime()) / 1_000_000))));
            if (System.nanoTime() >= nextReport) {
                say(String.format(java.util.Locale.ROOT, "%d s left, %d events so far",
                        Math.max(0, (end - System.nanoTime()) / 1_000_000_000L), history.lines()));
                nextReport += Duration.ofSeconds(5).toNanos();
            }
            failIfClosed(() -> "with " + Math.max(0, (end - System.nanoTime()) / 1_000_000_000L) + " s to go");
            failIfTheEngineIsGone();
            failIfAWorkerStopped("early");
        }
    }

    /** Ends the run as stopped, saying {@code when}, once it was closed under it (Ctrl-C, SIGTERM). */
    private void failIfClosed(java.util.function.Supplier<String> when) {
        if (closed.get()) {
            throw new RunException(STOPPED + " " + when.get());
        }
    }

    /** Fails the run as soon as the engine watch finds the Docker engine gone. */
    private void failIfTheEngineIsGone() {
        java.util.Optional<String> gone = engineLost();
        if (gone.isPresent()) {
            throw new RunException(gone.get());
        }
    }

    /**
     * Why the Docker engine is considered gone ({@link EngineWatch}), once it is: the run then
     * ends as not carried out, and closing it makes no more calls to the engine.
     */
    public java.util.Optional<String> engineLost() {
        EngineWatch watch = engine;
        return watch == null ? java.util.Optional.empty() : watch.lost();
    }

    /** Whether the run was closed under it by Ctrl-C or SIGTERM (its failure then says so, and is no failure of its own). */
    public boolean stoppedBySignal() {
        return closed.get() && exiting;
    }

    /** Events recorded so far (0 before the history is opened). */
    public int recorded() {
        HistoryLog log = history;
        return log == null ? 0 : log.lines();
    }

    /** Fails the run when a worker's container has ended (unless the run is being closed). */
    private void failIfAWorkerStopped(String when) {
        if (!closed.get()) {
            workers.failIfOneStopped(when);
        }
    }

    private void stopWorkers() {
        say("stopping the workers (SIGTERM)");
        workers.stop();
        say("workers stopped; " + history.lines() + " events; quiet for " + scenario.quiet().toMillis() + " ms");
    }

    /** Removes the cluster on a thread of its own; {@link #close()} waits for it. */
    private void removeClusterInBackground() {
        Cluster c = cluster;
        clusterRemoval = DaemonTask.start("lockchaos-cluster-removal", c::close);
    }

    private void saveNodeLogs() {
        var docker = DockerClientFactory.instance().client();
        for (Node node : cluster.nodes()) {
            try {
                results.write(results.log(node.name()), LogUtils.getOutput(docker, node.containerId()));
            } catch (RuntimeException e) {
                say("could not save the log of " + node.name() + ": " + e.getMessage());
            }
        }
    }

    private static void pause(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunException("interrupted", e);
        }
    }

    private void say(String line) {
        progress.accept(line);
    }

    /**
     * Waits (up to 60 s) for a cluster start in flight to end (Ctrl-C during it): the containers it
     * is creating must exist before they are removed, or they would appear after the removal. The
     * workers it starts alongside start no more once closing ({@link Workers#remove}), so it ends.
     */
    private void awaitClusterStart() {
        if (clusterStarting) {
            try {
                clusterStartEnded.await(60, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Waits for {@code task}; the first failure of the close stays the one reported. */
    private static RuntimeException join(CompletableFuture<Void> task, RuntimeException failure) {
        try {
            DaemonTask.join(task);
            return failure;
        } catch (RuntimeException e) {
            return failure != null ? failure : e;
        }
    }

    /** Stops and removes the workers and the cluster and closes the history. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        ExitSignals.forget(onSignal);
        if (stalls != null) {
            stalls.close();
        }
        exiting |= Thread.currentThread() == hook;
        if (Thread.currentThread() != hook) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException exiting) {
                // The JVM is shutting down and runs the hook, which is this close.
                progress.accept("shutting down");
            }
        }
        if (engine != null) {
            engine.close();
        }
        if (engineLost().isPresent()) {
            // Every call to the engine would fail or wait: keep what was recorded, leave the containers.
            if (history != null) {
                history.close();
            }
            Cluster c = cluster;
            progress.accept("the Docker engine is gone: the containers and network of "
                    + (c == null ? "this run" : "run " + c.runId()) + " are left on it; once it answers again,"
                    + " 'lockchaos cluster down' (or the next run) removes them");
            return;
        }
        RuntimeException failure = null;
        RuntimeException healFailure = null;
        if (nemesis != null) {
            try {
                nemesis.stopAndHeal();
            } catch (RuntimeException e) {
                progress.accept("healing on close failed: " + e.getMessage());
                failure = e;
                healFailure = e;
            }
        }
        awaitClusterStart();
        CompletableFuture<Void> workersGone = DaemonTask.start("lockchaos-workers-removal-on-close", workers::remove);
        if (!exiting) {
            // The class-data learner's list is copied out of its container before the cluster goes.
            failure = join(workersGone, failure);
        }
        if (history != null) {
            history.close();
        }
        if (clusterRemoval != null) {
            failure = join(clusterRemoval, failure);
        }
        if (cluster != null) {
            cluster.close(); // on the way out at the same time as the workers' removal: it is quicker
        }
        failure = join(workersGone, failure);
        if (failure != null && exiting) {
            // On the way out nobody catches what is thrown here: the failure is said in one line,
            // not as a stack trace; the removals above still ran.
            if (failure != healFailure) {
                progress.accept("closing the run on exit: " + failure.getMessage());
            }
            return;
        }
        if (failure != null) {
            throw new RunException("closing the run failed (healing the faults or removing a container): "
                    + failure.getMessage(), failure);
        }
    }
}
