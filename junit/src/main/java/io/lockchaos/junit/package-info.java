/**
 * lockchaos in a project's own JUnit 5 tests. Annotate a test class {@link io.lockchaos.junit.LockChaos},
 * take a {@link io.lockchaos.junit.ChaosRunner} parameter, run a scenario built with
 * {@code Scenario.on(...)} on real servers in containers, and assert on the checks with
 * {@link io.lockchaos.junit.LockChaosAssertions#assertThat}:
 * <pre>{@code
 * @LockChaos
 * class WatchdogLockChaosIT {
 *     @Test
 *     void pausedHolder(ChaosRunner runner) {
 *         RunOutcome out = runner.run(Scenario.on(Topology.REDIS_SINGLE)
 *                 .lock(WatchdogRedisLock.class).ttl(Duration.ofSeconds(2)).tokens(Tokens.REDIS_INCR)
 *                 .storage(UNFENCED, FENCED).workers(2).duration(Duration.ofSeconds(12))
 *                 .schedule("at 3s pause holder-unfenced,holder-fenced for 5s"));
 *         assertThat(out).check("ledger-fenced").isValid();
 *         assertThat(out).check("mutex").isInvalid();
 *     }
 * }
 * }</pre>
 */
package io.lockchaos.junit;
