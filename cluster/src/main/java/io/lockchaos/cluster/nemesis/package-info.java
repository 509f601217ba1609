/**
 * The cluster's containers as targets of the nemesis ({@code io.lockchaos.faults.nemesis}):
 * each server container implements the capabilities with Docker (SIGSTOP/SIGCONT and
 * SIGKILL from outside, {@code docker start}, the libfaketime offset file, iptables rules
 * tagged {@code lockchaos} inside the container's network namespace), and a Redis with
 * Sentinels offers its primary for failovers. {@link io.lockchaos.cluster.nemesis.ClusterTargets} is
 * the entry point: {@code new NodeNemesis(ClusterTargets.of(cluster), recorder, seed)};
 * {@code ClusterTargets.of(cluster).withWorkers(Map.of("worker-1", containerId))} adds a
 * run's worker containers, which can be paused and cut off from the lock service
 * ({@code partition workers}: rules in the worker's own namespace, both directions, the
 * ledger's storage still reachable; {@link io.lockchaos.cluster.nemesis.WorkerNode}).
 */
package io.lockchaos.cluster.nemesis;
