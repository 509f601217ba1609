/**
 * What lockchaos's tests share, so that each is written once: {@link io.lockchaos.testkit.Await},
 * the deadline-bounded waits with the one timeout factor ({@code -Dlockchaos.timeoutFactor}), and
 * (in {@code io.lockchaos.testkit.lock}) the lock-history simulator that the checker's property
 * tests and {@code ./lockchaos bench} draw their histories from.
 *
 * <p>The module depends on nothing of lockchaos's but the history module, so the tests of every
 * other module can use it without a cycle. That is also why the in-memory fakes of fault targets
 * and lock clients stay beside the one module's tests that use each: they implement the faults'
 * and the workloads' interfaces.
 */
package io.lockchaos.testkit;
