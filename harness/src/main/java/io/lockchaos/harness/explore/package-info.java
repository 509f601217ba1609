/**
 * Searching for failures nobody scripted, and cutting them down.
 *
 * <p>{@link io.lockchaos.harness.explore.Exploration} makes N runs of a scenario, run i with a
 * random fault schedule drawn from seed S+i, through {@link io.lockchaos.harness.explore.Trials}
 * (real runs: {@link io.lockchaos.harness.explore.RunTrials}), and
 * {@link io.lockchaos.harness.explore.ExploreSummary} tabulates them per fault kind with a 95%
 * {@link io.lockchaos.harness.explore.Wilson} interval. {@link io.lockchaos.harness.explore.Shard}
 * splits a list of work into disjoint balanced slices ({@code --shard I/N}) for explorations
 * and the matrix alike.
 */
package io.lockchaos.harness.explore;
