/**
 * The worker: one loop for every backend, acquire → read → append → release, recording each
 * operation as a history event the moment it happens.
 *
 * <p>{@link io.lockchaos.workloads.worker.WorkerLoop} runs the cycles for a duration or until
 * {@link io.lockchaos.workloads.worker.WorkerLoop#stop() stopped};
 * {@link io.lockchaos.workloads.worker.OpRecorder} writes events in docs/design.md's shape through
 * the checker's {@code JsonLinesHistoryWriter} (one flushed line per event), with {@code time}
 * = {@code System.nanoTime()} minus the run's start reference, since all processes on the VM
 * share the monotonic clock. {@link io.lockchaos.workloads.worker.WorkerMain} is the worker
 * process: a JVM of its own, because a stop-the-world pause must freeze the lock client's
 * threads too.
 *
 * <h2>Outcomes</h2>
 * An exception is {@code :info}, never {@code :fail}. An acquire that timed out is
 * {@code :fail :timeout} only when the client is certain it holds nothing, else {@code :info}.
 * A store's refusal is {@code :fail :stale-token}; a release of a lock no longer held is
 * {@code :fail :not-held}. After an {@code :info} acquire or release the worker goes on as a
 * new process (its id plus the number of workers, Jepsen's rule): the old one may still hold
 * the lock. After an {@code :info} read or append inside the critical section the worker keeps
 * its process, because it still holds the grant and must release it as the owner; the op stays
 * indeterminate for the checker. A grant the client knows is lost (curator-cautious) skips the
 * read and the append and is released. The loop does not check the lease's remaining time
 * before appending: a paused worker writes late, which is what fencing is for.
 */
package io.lockchaos.workloads.worker;
