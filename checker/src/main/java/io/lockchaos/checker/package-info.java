/**
 * The checker: decides properties of recorded histories. It knows nothing of containers; a
 * history file is all it needs.
 *
 * <p>A {@link io.lockchaos.checker.Checker} takes a {@link io.lockchaos.history.History}
 * and {@link io.lockchaos.checker.CheckOptions} (the time limit, the memory bound, the
 * threads) and returns a {@link io.lockchaos.checker.CheckResult}: a three-valued
 * {@link io.lockchaos.checker.Validity} and the {@link io.lockchaos.checker.Evidence} behind
 * it. Unknown is an answer, not a failure: a check that runs out of time or memory, or that
 * has nothing to judge by, says so and why, and never says valid instead.
 *
 * <p>Subpackages: {@code history.format} (reading any history file: EDN with Clojure's reader
 * as the reference, JSON lines, Jepsen logs; the ops themselves live in the history module,
 * {@code io.lockchaos.history}), {@code model} (sequential specifications), {@code linear} (the linearizability search), {@code lock} (the lock and
 * fencing checks), {@code report} (verdicts for people and programs), {@code knossos} (the
 * optional bridge to Jepsen's checker).
 */
package io.lockchaos.checker;
