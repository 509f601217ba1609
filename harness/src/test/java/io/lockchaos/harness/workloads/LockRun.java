package io.lockchaos.harness.workloads;

import io.lockchaos.history.History;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.history.format.JsonLinesHistoryWriter;
import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.Node;
import io.lockchaos.testkit.Await;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.HostMapper;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.backend.LockClients;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.storage.LedgerEntry;
import io.lockchaos.workloads.storage.RedisStorage;
import io.lockchaos.workloads.storage.Storage;
import io.lockchaos.workloads.worker.OpRecorder;
import io.lockchaos.workloads.worker.WorkerLoop;
import io.lockchaos.workloads.worker.WorkerSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs worker loops on threads on the host against a cluster's published ports, all recording
 * into one history file under target/, and ends with the {@code final} process reading every
 * ledger, as the harness will.
 */
public final class LockRun {

    static final Duration STORAGE_TIMEOUT = Duration.ofSeconds(10);

    private LockRun() {
    }

    /** Where a node's port is published on this machine. */
    static String hostAddress(Node node) {
        return Node.HOST + ":" + node.hostPort();
    }

    /** Maps cluster-network addresses (what Sentinel reports) to published ports. */
    public static HostMapper hostMapper(Cluster cluster) {
        return reported -> cluster.nodeAt(reported.host())
                .map(n -> new Address(Node.HOST, n.hostPort()))
                .orElse(reported);
    }

    static Storage storage(Cluster cluster, Fencing fencing) {
        return new RedisStorage(Address.parse(hostAddress(cluster.node("storage"))), fencing, STORAGE_TIMEOUT);
    }

    /**
     * {@code workers} loops, one client each, on the lock (and ledger) called {@code name}, for
     * {@code duration}. Returns the history, which also holds a final {@code read-all} of the ledger.
     */
    static History run(String name, Cluster cluster, LockConfig lock, Fencing fencing, int workers, Duration duration) {
        return run(name, cluster, lock, fencing, workers, duration, Duration.ofMillis(5));
    }

    /** As {@link #run(String, Cluster, LockConfig, Fencing, int, Duration)}, thinking {@code think} between read and append. */
    static History run(String name, Cluster cluster, LockConfig lock, Fencing fencing, int workers, Duration duration,
                       Duration think) {
        Path file = Path.of("target", "workload-histories", name + ".jsonl");
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String key = name;
        List<Thread> threads = new ArrayList<>();
        List<AutoCloseable> resources = new ArrayList<>();
        try (OpRecorder recorder = new OpRecorder(JsonLinesHistoryWriter.open(file), System.nanoTime(), System::nanoTime)) {
            List<RuntimeException> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
            for (int i = 0; i < workers; i++) {
                LockClient client = LockClients.open(lock, hostMapper(cluster));
                Storage storage = storage(cluster, fencing);
                resources.add(client);
                resources.add(storage);
                WorkerSettings settings = new WorkerSettings(i, workers, 1, List.of(key), duration, think,
                        Duration.ofMillis(5), Duration.ofSeconds(5), i);
                WorkerLoop loop = new WorkerLoop(settings, client, storage, recorder);
                Thread t = new Thread(() -> {
                    try {
                        loop.run();
                    } catch (RuntimeException e) {
                        failures.add(e);
                    }
                }, name + "-worker-" + i);
                threads.add(t);
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) {
                join(t, duration.plus(Await.scaled(Duration.ofSeconds(120))));
            }
            if (!failures.isEmpty()) {
                throw new AssertionError("a worker loop threw (it should record :info instead)", failures.get(0));
            }
            finalRead(recorder, cluster, fencing, key);
        } finally {
            closeAll(resources);
        }
        return HistoryFormats.read(file);
    }

    private static void finalRead(OpRecorder recorder, Cluster cluster, Fencing fencing, String key) {
        recorder.invoke(Process.FINAL, "read-all", Value.map("key", key));
        List<Value> entries = new ArrayList<>();
        try (Storage storage = storage(cluster, fencing)) {
            for (LedgerEntry e : storage.readAll(key)) {
                entries.add(Value.map("id", e.id(), "prev", e.prev().orElse(null),
                        "token", e.token().isPresent() ? Value.of(e.token().getAsLong()) : Value.NIL,
                        "process", e.writer()));
            }
        }
        recorder.complete(Process.FINAL, OpType.OK, "read-all",
                Value.map("key", key, "entries", new Value.Vec(entries)), Value.NIL);
    }

    private static void join(Thread t, Duration limit) {
        try {
            t.join(limit.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted waiting for " + t.getName(), e);
        }
        if (t.isAlive()) {
            throw new AssertionError(t.getName() + " still runs " + limit + " after it should have ended");
        }
    }

    private static void closeAll(List<AutoCloseable> resources) {
        AssertionError failure = null;
        for (AutoCloseable r : resources) {
            try {
                r.close();
            } catch (Exception e) {
                failure = failure == null ? new AssertionError("closing " + r + " failed", e) : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** A lock config on the host's published ports of {@code nodes}. */
    static LockConfig config(String backend, List<Node> nodes, Duration ttl, Map<String, String> options) {
        return new LockConfig(backend, nodes.stream().map(LockRun::hostAddress).toList(), ttl, Duration.ofSeconds(8),
                options);
    }
}
