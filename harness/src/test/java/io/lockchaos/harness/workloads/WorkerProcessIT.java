package io.lockchaos.harness.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.cluster.Cluster;
import io.lockchaos.cluster.ClusterOptions;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.Topology;
import io.lockchaos.testkit.Await;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.workloads.worker.WorkerConfig;
import io.lockchaos.workloads.worker.WorkerMain;
import io.lockchaos.workloads.worker.WorkerSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The worker as its own JVM: reads its JSON config, streams JSON lines while it runs, and on
 * SIGTERM stops, flushes and exits; the history it leaves is readable and well formed.
 */
@Tag("chaos")
class WorkerProcessIT {

    @Test
    void aWorkerProcessStreamsItsHistoryAndStopsOnSigterm() throws IOException, InterruptedException {
        Path dir = Files.createDirectories(Path.of("target", "workload-histories"));
        Path config = dir.resolve("worker-0.json");
        Path history = dir.resolve("worker-0.jsonl");
        Files.deleteIfExists(history);
        try (Cluster cluster = Clusters.start(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS)) {
            WorkerConfig written = new WorkerConfig(new WorkerSettings(0, 1, 1, List.of("proc"), Duration.ofMinutes(10),
                    Duration.ofMillis(2), Duration.ZERO, Duration.ofSeconds(5), 0),
                    new LockConfig("redis-naive", List.of(LockRun.hostAddress(cluster.node("redis-1"))),
                            Duration.ofSeconds(10), Duration.ofSeconds(5), Map.of()),
                    new WorkerConfig.StorageConfig(Address.parse(LockRun.hostAddress(cluster.node("storage"))),
                            Fencing.UNFENCED, WorkerConfig.StorageConfig.TIMEOUT),
                    OptionalLong.of(System.nanoTime()), WorkerConfig.STOP_GRACE);
            Files.writeString(config, written.json());
            Process worker = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), WorkerMain.class.getName(), config.toString(),
                    history.toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("worker-0.log").toFile()).start();
            try {
                Await.until(Duration.ofSeconds(120), "50 lines of history, or the worker's exit",
                        () -> lines(history) >= 50 || !worker.isAlive());
                assertTrue(lines(history) >= 50, "the worker streamed events while running: " + lines(history)
                        + " lines; see " + dir.resolve("worker-0.log"));
                worker.destroy();
                assertTrue(worker.waitFor(Await.scaled(Duration.ofSeconds(60)).toMillis(), TimeUnit.MILLISECONDS),
                        "the worker exits on SIGTERM");
                assertEquals(143, worker.exitValue(), "the JVM's exit status after SIGTERM and its shutdown hook");
            } finally {
                worker.destroyForcibly();
            }
        }
        History h = HistoryFormats.read(history);
        List<Op> ops = h.ops();
        assertTrue(ops.size() >= 50);
        assertEquals("acquire", ops.get(0).f());
        assertTrue(ops.get(0).time() > 0, "times are relative to the start reference in the config");
    }

    private static long lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file).size() : 0;
        } catch (IOException e) {
            throw new AssertionError("cannot read " + file, e);
        }
    }
}
