/**
 * The lock workload: what a worker process does to a lock service and to the data the lock
 * protects.
 *
 * <p>{@link io.lockchaos.workloads.lock} is the lock SPI and its factory;
 * {@link io.lockchaos.workloads.redis} and {@link io.lockchaos.workloads.zk} are the backends
 * (Redis {@code SET NX PX}, Redlock, Redis behind Sentinel, Curator) and the token sources;
 * {@link io.lockchaos.workloads.storage} is the ledger in the {@code storage} Redis, fenced or
 * not; {@link io.lockchaos.workloads.worker} is the one loop every backend runs
 * (acquire → read → append → release), which records each operation as a history event the
 * moment it happens. This module knows nothing of containers: it is given addresses.
 */
package io.lockchaos.workloads;
