/**
 * Searching for failures nobody scripted, and cutting them down.
 *
 * <p>{@link io.lockchaos.harness.explore.Exploration} makes N runs of a scenario, run i with a
 * random fault schedule drawn from seed S+i or, guided ({@link io.lockchaos.harness.explore.Strategy}),
 * mostly a mutation of the played script of a run with one of the smallest margins
 * ({@link io.lockchaos.harness.explore.Margin}: how close its history came to a lease failure,
 * the checker's {@code NearMiss}; the mutations are {@link io.lockchaos.harness.explore.Guide}'s),
 * through {@link io.lockchaos.harness.explore.Trials}
 * (real runs: {@link io.lockchaos.harness.explore.RunTrials}), and
 * {@link io.lockchaos.harness.explore.ExploreSummary} tabulates them per fault kind with a 95%
 * {@link io.lockchaos.harness.explore.Wilson} interval. {@link io.lockchaos.harness.explore.Shard}
 * splits a list of work into disjoint balanced slices ({@code --shard I/N}) for explorations
 * and the matrix alike.
 *
 * <p>{@link io.lockchaos.harness.explore.Shrinker} cuts a failing run down: Zeller's ddmin
 * ({@link io.lockchaos.harness.explore.DeltaDebugging}) over the schedule's steps, then the numbers
 * halved while the failure stays, each candidate run up to K times and failing at M;
 * {@link io.lockchaos.harness.explore.ShrinkReport} writes {@code shrunk.json} and {@code shrink.md}.
 */
package io.lockchaos.harness.explore;
