package io.lockchaos.harness.run;

import io.lockchaos.cluster.ClusterSite;
import io.lockchaos.cluster.DaemonTask;
import io.lockchaos.cluster.ImageTags;
import io.lockchaos.cluster.NodeJar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * The worker containers of one run, one per worker of each lane. They are started while the
 * cluster starts ({@link #start}, on the cluster's network), each JVM waiting for its config;
 * {@link #release} gives every one its config once the cluster is up; {@link #stop} sends
 * SIGTERM and waits for them to end; {@link #remove} removes them.
 */
final class Workers {

    private final Scenario scenario;
    private final ResultsDir results;
    /** Filled on the thread that starts the containers, read on the one that releases them. */
    private final Map<String, Slot> slots = new java.util.concurrent.ConcurrentHashMap<>();
    private final List<WorkerContainer> containers = new CopyOnWriteArrayList<>();
    private CompletableFuture<Void> removal;
    private volatile ClusterSite site;
    private volatile WorkerClassData classData;
    /** The worker that writes the class list when the class-data archive is still to be made. */
    private volatile WorkerContainer learner;
    /** Whether {@link #stop} ended every worker: their exit codes are then worth waiting for. */
    private volatile boolean stopped;
    /**
     * Set by {@link #remove}: a worker not started yet is not started any more (on Ctrl-C during
     * the start, its network is being removed under it).
     */
    private volatile boolean removing;
    /** Whether {@link #start} began, and (counted down) when it ended, started or failed. */
    private volatile boolean startBegan;
    private final java.util.concurrent.CountDownLatch startEnded = new java.util.concurrent.CountDownLatch(1);

    Workers(Scenario scenario, ResultsDir results) {
        this.scenario = scenario;
        this.results = results;
    }

    /**
     * Starts a container per worker on {@code site}'s network; {@code lines} receives each
     * worker's history lines (worker name, line), {@code logLines} each line of its log (its stderr).
     */
    void start(ClusterSite site, BiConsumer<String, String> lines, BiConsumer<String, String> logLines) {
        startBegan = true;
        try {
            startAll(site, lines, logLines);
        } finally {
            startEnded.countDown();
        }
    }

    private void startAll(ClusterSite site, BiConsumer<String, String> lines, BiConsumer<String, String> logLines) {
        this.site = site;
        String image = ImageTags.forProject().tag(ImageTags.Image.JVM);
        Path jar = NodeJar.find();
        List<String> notes = new ArrayList<>();
        WorkerClassData.of(jar, image, scenario.lock().backend()).prepare(site, notes::add);
        classData = WorkerClassData.of(jar, image, scenario.lock().backend());
        Path configs = results.workerConfigs();
        try {
            Files.createDirectories(configs);
        } catch (IOException e) {
            throw new RunException("cannot create " + configs + " (" + e + ")", e);
        }
        List<WorkerContainer> created = new ArrayList<>();
        for (Lane lane : scenario.lanes()) {
            for (int i = 0; i < lane.perLane(); i++) {
                String name = lane.workerName(i);
                slots.put(name, new Slot(lane, i));
                boolean learns = created.isEmpty();
                created.add(new WorkerContainer(name, image, jar, scenario.lock().classpath(), site.network(),
                        site.network() + "-" + name, site.workerLabels(name), configs,
                        new WorkerContainer.ClassDataRole(classData, learns), line -> lines.accept(name, line),
                        line -> logLines.accept(name, line), results.log(name)));
                if (learns) {
                    learner = created.get(0);
                }
            }
        }
        containers.addAll(created);
        if (!created.isEmpty()) {
            notes.forEach(created.get(0)::note);
        }
        each("start", w -> {
            if (removing) {
                throw new RunException("worker " + w.name() + " was not started: the run is being closed");
            }
            w.start();
        });
    }

    /** Gives every worker its config, made by {@code config} from its lane and index in the lane. */
    void release(BiFunction<Lane, Integer, String> config) {
        each("release", w -> {
            Slot slot = slots.get(w.name());
            w.release(config.apply(slot.lane(), slot.index()));
        });
    }

    int size() {
        return containers.size();
    }

    List<String> names() {
        return containers.stream().map(WorkerContainer::name).toList();
    }

    /** Worker name to container id. */
    Map<String, String> containerIds() {
        Map<String, String> ids = new LinkedHashMap<>();
        containers.forEach(w -> ids.put(w.name(), w.containerId()));
        return ids;
    }

    /** Throws when a worker's container has ended; {@code when} ends the sentence ("early"). */
    void failIfOneStopped(String when) {
        for (WorkerContainer w : containers) {
            if (!w.running()) {
                throw new RunException("worker " + w.name() + " stopped " + when + " (exit " + w.exitCode() + "); see "
                        + results.log(w.name()));
            }
        }
    }

    /**
     * SIGTERM to every worker, then waits up to a minute for each one's output to end: all at
     * once, a thread each, as each is a call to the engine and a JVM's exit. Each exit code
     * goes to its log when it is removed.
     */
    void stop() {
        each("stop", w -> {
            w.terminate();
            try {
                if (!w.awaitEnd(Duration.ofSeconds(60).toMillis())) {
                    throw new RunException("worker " + w.name() + " did not end within 60 s of SIGTERM; see "
                            + results.log(w.name()));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RunException("interrupted while the workers stopped", e);
            }
        });
        stopped = true;
    }

    /**
     * Starts removing every worker container on a thread of its own (once they have stopped, so
     * that the run's next steps need not wait for it); {@link #remove} waits for it.
     */
    void removeInBackground() {
        synchronized (this) {
            if (removal == null) {
                removal = DaemonTask.start("lockchaos-workers-removal", this::removeNow);
            }
        }
    }

    /**
     * Removes every worker container, and the files that released them; waits for a removal under
     * way. A start under way (Ctrl-C while the workers start) starts no more workers and is waited
     * for first (up to 30 s): a container whose creation the engine is still carrying out would
     * otherwise appear after its removal and outlive the run.
     */
    void remove() {
        removing = true;
        if (startBegan) {
            try {
                startEnded.await(30, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        removeInBackground();
        DaemonTask.join(removal);
    }

    private void removeNow() {
        each("remove", w -> {
            if (stopped) {
                w.logExit();
            }
            if (stopped && w == learner && classData.toLearn()) {
                classData.learnFrom(w, site, line -> w.note(line));
            }
            w.close();
        });
        containers.forEach(WorkerContainer::forgetGo);
    }

    /**
     * Does {@code action} to every worker at once and waits for all of them, then throws the
     * first failure: each start or removal is mostly waiting on the engine, so a thread each (a
     * parallel stream would do only as many at a time as the machine has cores).
     */
    private void each(String what, Consumer<WorkerContainer> action) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, containers.size()));
        try {
            List<Future<?>> done = new ArrayList<>();
            containers.forEach(w -> done.add(pool.submit(() -> action.accept(w))));
            RuntimeException first = null;
            for (Future<?> f : done) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    RuntimeException cause = e.getCause() instanceof RuntimeException r ? r
                            : new RunException("could not " + what + " a worker: " + e.getCause(), e.getCause());
                    first = first == null ? cause : first;
                }
            }
            if (first != null) {
                throw first;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunException("interrupted while the workers were to " + what, e);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Where a worker sits: its lane and its index in the lane. */
    private record Slot(Lane lane, int index) {
    }
}
