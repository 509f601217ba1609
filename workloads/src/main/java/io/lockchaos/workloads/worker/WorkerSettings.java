package io.lockchaos.workloads.worker;

import io.lockchaos.workloads.WorkloadException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What one worker does, apart from which lock and store it talks to.
 *
 * @param process its first process id (its first thread's)
 * @param workers how many workers the run has: a retired process {@code p} goes on as
 *     {@code p + workers × threads}, so ids stay unique across workers and threads
 * @param threads how many threads it runs the loop on, each its own process in the history
 *     ({@link #thread}), all sharing the worker's one lock client
 * @param locks the lock names it picks from at random each cycle ({@code job-0} ...); the
 *     ledger key is the lock's name
 * @param duration how long it starts new cycles
 * @param think time spent between the read and the append, inside the critical section
 * @param idle up to this long (random) between a release and the next acquire
 * @param acquireTimeout how long one acquire may wait
 * @param seed for the lock choice and idle times
 * @param tick zero: cycles one after the other, {@code idle} apart; else the period of a
 *     scheduled job: one acquire at each multiple of it on the worker's own clock (epoch ms),
 *     made for that tick, and the job (read, think, append, release) only when granted
 * @param reenter whether each cycle, once granted, acquires the same lock again (a reentry,
 *     {@code :reentry true}) and releases twice: only for a reentrant lock (a scenario's
 *     {@code lock.reenter})
 */
public record WorkerSettings(int process, int workers, int threads, List<String> locks, Duration duration,
                             Duration think, Duration idle, Duration acquireTimeout, long seed, Duration tick,
                             boolean reenter) {

    /** A worker that runs cycles one after the other (no ticks) and never re-enters a lock it holds. */
    public WorkerSettings(int process, int workers, int threads, List<String> locks, Duration duration,
                          Duration think, Duration idle, Duration acquireTimeout, long seed) {
        this(process, workers, threads, locks, duration, think, idle, acquireTimeout, seed, Duration.ZERO, false);
    }

    public WorkerSettings {
        locks = List.copyOf(locks);
        Objects.requireNonNull(duration, "duration");
        Objects.requireNonNull(think, "think");
        Objects.requireNonNull(idle, "idle");
        Objects.requireNonNull(acquireTimeout, "acquireTimeout");
        Objects.requireNonNull(tick, "tick");
        if (tick.isNegative()) {
            throw new WorkloadException("worker " + process + ": a tick of " + tick.toMillis() + " ms; give 0 (no ticks) or more");
        }
        if (process < 0 || workers < 1 || threads < 1) {
            throw new WorkloadException("worker process " + process + " of " + workers + " workers with " + threads
                    + " threads: the process must be 0 or more, workers and threads at least 1");
        }
        if (locks.isEmpty()) {
            throw new WorkloadException("worker " + process + " has no locks; give at least one name, e.g. job-0");
        }
    }

    /**
     * What thread {@code t} (0 to threads − 1) of this worker does: its own process, {@code
     * process + t × workers} (so the first thread of each worker keeps the worker's number), which
     * retires by {@code workers × threads}; its own seed; one thread.
     */
    public WorkerSettings thread(int t) {
        if (t < 0 || t >= threads) {
            throw new IllegalArgumentException("thread " + t + " of " + threads);
        }
        return new WorkerSettings(process + t * workers, workers * threads, 1, locks, duration, think, idle,
                acquireTimeout, seed + 7919L * t, tick, reenter);
    }
}
