package io.lockchaos.harness.run;

import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.workloads.worker.WorkerConfig;
import io.lockchaos.workloads.worker.WorkerSettings;
import java.util.OptionalLong;

/**
 * The {@link WorkerConfig} of one worker of a lane of a scenario. Workers get a
 * duration well past the scenario's: the harness stops them with SIGTERM.
 */
final class WorkerConfigs {

    /** How far past the scenario's duration a worker would stop by itself. */
    static final long MARGIN_MS = 600_000;

    private WorkerConfigs() {
    }

    static WorkerConfig config(Scenario s, Lane lane, int i, LockConfig lock, Address storageNode, long startNanos) {
        int process = lane.process(i);
        WorkerSettings settings = new WorkerSettings(process, s.totalWorkers(), s.threads(), lane.lockNames(),
                s.duration().plusMillis(MARGIN_MS), s.think(), s.idle(), s.acquireTimeout(), s.seed() + process, s.tick(),
                s.lock().reenter());
        WorkerConfig.StorageConfig storage = new WorkerConfig.StorageConfig(storageNode, lane.fencing(),
                WorkerConfig.StorageConfig.TIMEOUT, s.store());
        return new WorkerConfig(settings, lock, storage, OptionalLong.of(startNanos), WorkerConfig.STOP_GRACE);
    }
}
