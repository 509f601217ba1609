/**
 * The lock SPI: what the worker loop needs from a distributed lock, and nothing more.
 *
 * <p>A {@link io.lockchaos.workloads.lock.LockClient} acquires a named lock within a timeout
 * and answers an {@link io.lockchaos.workloads.lock.Acquisition}: a
 * {@link io.lockchaos.workloads.lock.Grant} (the lock, an optional fencing token, the lease the
 * client believes it holds, how to tell it was lost, how to release it) or a refusal that says
 * whether the client is <em>certain</em> it holds nothing (a {@code :fail}) or not (an
 * {@code :info}). A client that throws leaves the outcome unknown ({@code :info}).
 *
 * <p>What only some locks can do is a separate capability interface a client may also
 * implement: {@link io.lockchaos.workloads.lock.FencingTokens} (its grants carry tokens),
 * {@link io.lockchaos.workloads.lock.LeaseExpiry} (its grants expire after a TTL unless
 * released) and {@link io.lockchaos.workloads.lock.LossDetection} (it can tell that a grant
 * is definitely lost). Locks without a token of their own get one from a
 * {@link io.lockchaos.workloads.lock.TokenSource} through
 * {@link io.lockchaos.workloads.lock.TokenedLockClient}.
 *
 * <p>{@link io.lockchaos.workloads.backend.LockClients#open} builds a client by backend name from
 * a {@link io.lockchaos.workloads.lock.LockConfig}; a
 * {@link io.lockchaos.workloads.lock.HostMapper} turns the addresses a lock service reports
 * about itself (Sentinel's master IP) into ones this process can reach. A backend named
 * {@code class:NAME} is a user's own {@code LockClient}, loaded and held to its contract by
 * {@link io.lockchaos.workloads.lock.ClassBackend}: the same worker loop, faults and checks run
 * against it.
 */
package io.lockchaos.workloads.lock;
