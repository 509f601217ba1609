/**
 * The lock-history simulator: {@link io.lockchaos.testkit.lock.LockHistories} generates
 * realistic histories of the lock workload (workers looping acquire, read, append, release on
 * named locks; waiting acquires that queue and give up; lost requests; a nemesis; the final
 * reads), valid or with chosen {@link io.lockchaos.testkit.lock.LockAnomaly anomalies}
 * injected, deterministically for a seed. The checker's property tests check that each
 * anomaly is caught by the checks meant to catch it and that a valid history stays valid;
 * {@code ./lockchaos bench} times the lock checks on its histories. It writes the history's
 * vocabulary with {@code LockOps} and {@code NemesisOps}, as the real worker loop and nemesis
 * do. It is test data, so it lives here rather than in the checker's main code.
 */
package io.lockchaos.testkit.lock;
