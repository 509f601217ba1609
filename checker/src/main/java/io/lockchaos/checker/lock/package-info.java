/**
 * The lock workload's checks: whether a distributed lock kept its promise, and whether the
 * data it protected stayed intact.
 *
 * <p>A lock history has workers looping {@code acquire → read → append → release} on named
 * locks, nemesis events, and a {@code final} process reading every ledger at the end (see
 * docs/design.md, "The lock workload"). Four checks read it, each from a different angle:
 * <ul>
 *   <li>{@link io.lockchaos.checker.lock.MutexCheck} ({@code mutex}) asks the linearizability
 *       search whether acquires and releases, per lock, could have happened one at a time on
 *       an owner mutex. It judges the lock service: a lease that expired under a holder that
 *       never released shows up here. A linear sweep ({@code MutexSweep}) first looks for two
 *       grants that overlap whatever their order, so a long invalid history needs no search.</li>
 *   <li>{@link io.lockchaos.checker.lock.HoldsCheck} ({@code holds}) judges what clients
 *       <em>believed</em>: the interval from a grant to its release is a time the client
 *       thought it held the lock, and two processes' intervals must not overlap.</li>
 *   <li>{@link io.lockchaos.checker.lock.TokensCheck} ({@code tokens}) judges the fencing
 *       tokens: a grant asked for after another grant completed must carry a larger one.</li>
 *   <li>{@link io.lockchaos.checker.lock.LedgerCheck} ({@code ledger}) judges the protected
 *       data from the final read: every acknowledged append present once, a chain of
 *       {@code prev} links with no lost update, tokens non-decreasing when fenced.</li>
 * </ul>
 * {@link io.lockchaos.checker.lock.LockChecks} runs all four and merges their verdicts
 * (invalid beats unknown beats valid). "The lock is unsafe but fencing saved the data"
 * (mutex invalid, ledger valid) is a result, not a contradiction.
 *
 * <p>Each anomaly is an {@link io.lockchaos.checker.Evidence} record whose explanation is a
 * sentence naming processes, tokens, entries and times. A check that has nothing to look at
 * says so in its summary: no tokens in the history is vacuously valid for {@code tokens}; no
 * final read when appends were acknowledged is unknown for {@code ledger}, since nobody can
 * say whether they survived; a history without times is unknown for {@code holds}.
 *
 * <p>{@link io.lockchaos.checker.lock.UnsafeWindows} measures how long two believed they held at
 * once; {@link io.lockchaos.checker.lock.NearMiss} how close a history came to that: what was left
 * of the lease when each holder let go, the smallest over the holds (an exploration steers by it).
 *
 * <p>The histories the property tests and the benchmark check come from the simulator in the
 * testkit module ({@code io.lockchaos.testkit.lock.LockHistories}), not from this package.
 */
package io.lockchaos.checker.lock;
