/**
 * Runs a scenario end to end and keeps its results.
 *
 * <p>A {@link io.lockchaos.harness.run.Scenario} (read by {@link io.lockchaos.harness.run.ScenarioFile} from
 * {@code scenarios/*.json}) names the cluster, the lock, the storage modes, the workload, the
 * fault schedule, the seed and the expected verdicts. The record is the file's definition:
 * Jackson reads and writes it ({@link io.lockchaos.harness.run.ScenarioJson}), and one pass
 * ({@link io.lockchaos.harness.run.ScenarioCheck}, with {@link io.lockchaos.harness.run.ScheduleCheck} for the
 * schedule's steps) checks everything a run will do before anything starts, naming full field
 * paths. A {@link io.lockchaos.harness.run.Run} starts the
 * cluster, one worker JVM per worker in a container of its own on the cluster network, streams
 * their histories into {@code history.jsonl} as they run, plays the fault schedule on the
 * cluster's nodes and the workers ({@link io.lockchaos.harness.run.RunNemesis}; a pause of
 * {@code holder-<lane>} hits a worker inside its critical section, found by
 * {@link io.lockchaos.harness.run.Holders}), heals every fault, stops the workers with SIGTERM, reads every
 * ledger as the {@code final} process, runs the lock checks per storage mode and writes
 * {@code results/<scenario>/<yyyyMMdd-HHmmss>/} ({@link io.lockchaos.harness.run.ResultsDir}).
 *
 * <p>Storage modes run side by side as {@link io.lockchaos.harness.run.Lane}s: each mode has its own
 * workers, lock names and ledger keys on the same lock service, so "the lock is unsafe but
 * fencing saved the data" shows up in one run as {@code ledger-unfenced} invalid beside
 * {@code ledger-fenced} valid.
 *
 * <p>{@link io.lockchaos.harness.run.RunReport} writes the folder's {@code report.html} (see
 * {@link io.lockchaos.harness.report}) at the end of a run, after a failure from what was recorded, and
 * again for {@code lockchaos report}, checking {@code history.jsonl} itself when a killed run left
 * no {@code results.json}.
 */
package io.lockchaos.harness.run;
