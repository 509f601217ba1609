package io.lockchaos.workloads.worker;

import io.lockchaos.workloads.WorkloadException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What one worker does, apart from which lock and store it talks to.
 *
 * @param process its first process id
 * @param workers how many workers the run has: a retired process {@code p} goes on as
 *     {@code p + workers}, so ids stay unique across workers
 * @param locks the lock names it picks from at random each cycle ({@code job-0} ...); the
 *     ledger key is the lock's name
 * @param duration how long it starts new cycles
 * @param think time spent between the read and the append, inside the critical section
 * @param idle up to this long (random) between a release and the next acquire
 * @param acquireTimeout how long one acquire may wait
 * @param seed for the lock choice and idle times
 */
public record WorkerSettings(int process, int workers, List<String> locks, Duration duration, Duration think,
                             Duration idle, Duration acquireTimeout, long seed) {

    public WorkerSettings {
        locks = List.copyOf(locks);
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(think, "think");
        Objects.requireNonNull(idle, "idle");
        Objects.requireNonNull(acquireTimeout, "acquireTimeout");
        if (process < 0 || workers < 1) {
            throw new WorkloadException("worker process " + process + " of " + workers
                    + " workers: the process must be 0 or more and workers at least 1");
        }
        if (locks.isEmpty()) {
            throw new WorkloadException("worker " + process + " has no locks; give at least one name, e.g. job-0");
        }
    }
}
