package io.lockchaos.workloads.worker;

import io.lockchaos.workloads.WorkloadException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Lets a worker's JVM start before its config exists: the harness starts the worker containers
 * while the cluster is still starting, and only once the cluster is up does it know the run's
 * start reference and the servers' addresses. It then writes the config and, after it, an empty
 * {@code CONFIG.go}; the worker reads the config once that second file exists, so it never reads
 * a config still being written.
 */
final class ConfigGate {

    /** How often the worker looks for {@code CONFIG.go}. */
    private static final long POLL_MILLIS = 10;

    private ConfigGate() {
    }

    /** The file whose existence says that {@code config} is complete. */
    static Path goFile(Path config) {
        return config.resolveSibling(config.getFileName() + ".go");
    }

    /**
     * Waits until {@link #goFile} of {@code config} exists.
     *
     * @throws WorkloadException when it does not within {@code timeout}
     */
    static void await(Path config, Duration timeout) {
        Path go = goFile(config);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!Files.exists(go)) {
            if (System.nanoTime() - deadline > 0) {
                throw new WorkloadException("no " + go + " within " + timeout.toSeconds() + " s of the start: the"
                        + " harness that started this worker never released it (did it stop?)");
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new WorkloadException("interrupted while waiting for " + go, e);
            }
        }
    }
}
