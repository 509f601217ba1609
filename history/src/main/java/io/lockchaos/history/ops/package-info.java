/**
 * The one schema of the operations lockchaos records: {@link io.lockchaos.history.ops.LockOps}
 * (the lock workload's acquire, read, append, release and the final read-all: names, fields,
 * builders and readers), {@link io.lockchaos.history.ops.NemesisOps} (the nemesis's
 * {@code start-}/{@code stop-} bands, marks and {@code heal-all}) and
 * {@link io.lockchaos.history.ops.Fencing} (what the store checks of tokens). The worker
 * loop, the fault recorders, the final read, the checks, the simulator and the report all
 * spell operations through these, so a new operation or field is added here once.
 */
package io.lockchaos.history.ops;
