package io.lockchaos.workloads.worker;

import io.lockchaos.history.format.JsonLinesHistoryWriter;
import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.lock.HostMapper;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.backend.LockClients;
import io.lockchaos.workloads.storage.Storage;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A worker process: {@code java -cp ... io.lockchaos.workloads.worker.WorkerMain [--await]
 * CONFIG.json [HISTORY.jsonl]}. With {@code --await} it first waits for {@code CONFIG.json.go}
 * ({@link ConfigGate}: the JVM starts while the cluster does). Reads the config
 * ({@link WorkerConfig}), runs the loop, writes one JSON
 * line per event to the file or, without one (or with {@code -}), to stdout. Addresses are used
 * as given (inside the cluster network no mapping is needed). On SIGTERM it stops starting
 * steps, waits up to {@code stopGraceMs} for the one under way, closes the history and exits 0;
 * an op still in flight then stays an invocation without completion. On SIGUSR1 it holds still
 * right after its next read under a grant ({@link HoldAtRead}). Exit 2: bad arguments or
 * config, or no config released within {@link #AWAIT_LIMIT}.
 */
public final class WorkerMain {

    /** How long {@code --await} waits for the config before the worker gives up. */
    static final Duration AWAIT_LIMIT = Duration.ofMinutes(10);

    private WorkerMain() {
    }

    public static void main(String[] arguments) {
        boolean await = arguments.length > 0 && arguments[0].equals("--await");
        String[] args = await ? Arrays.copyOfRange(arguments, 1, arguments.length) : arguments;
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: WorkerMain [--await] CONFIG.json [HISTORY.jsonl | -]");
            System.exit(2);
        }
        WorkerConfig config;
        try {
            if (await) {
                ConfigGate.await(Path.of(args[0]), AWAIT_LIMIT);
            }
            config = WorkerConfig.read(Path.of(args[0]));
        } catch (WorkloadException e) {
            System.err.println("worker: " + e.getMessage());
            System.exit(2);
            return;
        }
        long start = config.startNanos().orElse(System.nanoTime());
        String target = args.length == 2 && !args[1].equals("-") ? args[1] : null;
        OpRecorder recorder = new OpRecorder(target == null
                ? new JsonLinesHistoryWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), "stdout")
                : JsonLinesHistoryWriter.open(Path.of(target)), start, System::nanoTime);
        run(config, recorder);
    }

    /**
     * Runs one worker to the end of its duration or a SIGTERM, its loop on each of its
     * {@link WorkerSettings#threads} threads (each its own process, with a ledger connection of
     * its own) over one lock client, as an application's threads share one library client;
     * closes {@code recorder}.
     */
    static void run(WorkerConfig config, OpRecorder recorder) {
        CountDownLatch finished = new CountDownLatch(1);
        List<Storage> storages = new ArrayList<>();
        HoldAtRead holdAtRead = HoldAtRead.install();
        try (LockClient lock = LockClients.open(config.lock(), HostMapper.IDENTITY)) {
            List<WorkerLoop> loops = new ArrayList<>();
            for (int t = 0; t < config.settings().threads(); t++) {
                Storage storage = config.storage().open(config.lock());
                storages.add(storage);
                loops.add(new WorkerLoop(config.settings().thread(t), lock, storage, recorder, holdAtRead::afterRead));
            }
            Thread hook = new Thread(() -> onTerm(loops, finished, recorder, config), "worker-sigterm");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                runAll(loops);
            } finally {
                finished.countDown();
            }
            if (loops.stream().noneMatch(WorkerLoop::stopped)) {
                Runtime.getRuntime().removeShutdownHook(hook);
            }
        } finally {
            storages.forEach(Storage::close);
            recorder.close();
        }
    }

    /** Runs the first loop on this thread and every other on a thread of its own, until all have ended. */
    private static void runAll(List<WorkerLoop> loops) {
        List<Thread> threads = new ArrayList<>();
        for (int t = 1; t < loops.size(); t++) {
            Thread thread = new Thread(loops.get(t)::run, "worker-thread-" + t);
            threads.add(thread);
            thread.start();
        }
        loops.get(0).run();
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                loops.forEach(WorkerLoop::stop);
                return;
            }
        }
    }

    private static void onTerm(List<WorkerLoop> loops, CountDownLatch finished, OpRecorder recorder,
                               WorkerConfig config) {
        loops.forEach(WorkerLoop::stop);
        try {
            finished.await(config.stopGrace().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        recorder.close();
    }
}
