/**
 * The registry of lock backends: {@link io.lockchaos.workloads.backend.LockBackends}, one
 * {@link io.lockchaos.workloads.lock.LockBackend} descriptor per backend name, and
 * {@link io.lockchaos.workloads.backend.LockClients}, which opens a client by name and adds a
 * token source. It is the one package that knows the implementations ({@code redis},
 * {@code redisson}, {@code spring}, {@code shedlock}, {@code zk}); they know only the SPI in
 * {@code io.lockchaos.workloads.lock}, so the SPI depends on no implementation and no package
 * import cycle runs through it. Adding a backend is its client class in a package of its own and
 * one descriptor line in {@code LockBackends.BUILT_IN}.
 */
package io.lockchaos.workloads.backend;
