package io.lockchaos.workloads.worker;

import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.history.ops.Fencing;
import java.time.Duration;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Everything a worker process needs ({@link WorkerConfigJson} reads it from a file).
 *
 * @param settings what the loop does
 * @param lock which lock service and backend
 * @param storage where the ledger is and what it fences
 * @param startNanos the run's start as {@code System.nanoTime()} on this machine (all
 *     containers share the monotonic clock); empty: the worker's own start
 * @param stopGrace how long a SIGTERM waits for the step under way before the history is closed
 */
public record WorkerConfig(WorkerSettings settings, LockConfig lock, StorageConfig storage, OptionalLong startNanos,
                           Duration stopGrace) {

    public WorkerConfig {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(lock, "lock");
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(startNanos, "startNanos");
        Objects.requireNonNull(stopGrace, "stopGrace");
    }

    /** The ledger's Redis ({@code storage:6379}), its fencing, and the request timeout. */
    public record StorageConfig(Address node, Fencing fencing, Duration timeout) {
    }
}
