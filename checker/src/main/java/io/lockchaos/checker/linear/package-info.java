/**
 * The linearizability check: is there an order of a history's operations, consistent with
 * real time, that a sequential {@link io.lockchaos.checker.model.Model} accepts?
 *
 * <p>{@link io.lockchaos.checker.linear.Linearizability#check} is the whole public API; it
 * answers a {@link io.lockchaos.checker.linear.LinearizabilityResult} with a verdict, a
 * readable {@link io.lockchaos.checker.linear.Counterexample} for an invalid history (the
 * operation that cannot be linearized, the longest linearizable prefixes, the model state
 * and the pending operations there) or the reason it could not decide.
 * {@link io.lockchaos.checker.linear.LinearizabilityChecker} wraps it as the
 * {@code linearizable} check.
 *
 * <p>Inside is the Wing–Gong–Lowe search (Lowe, "Testing for linearizability", 2017; the
 * same algorithm as Porcupine and Knossos's {@code wgl}): a linked list of calls and
 * returns in event order, an explicit stack, and a memo of the (linearized set, state)
 * configurations already explored. Real-time order comes from event positions, so
 * histories without times work. An indeterminate operation ({@code :info}, or never
 * completed) has a call but no return: it may take effect at any point after its
 * invocation, or never. A model that partitions (per key, per lock) has each part searched
 * on its own, in parallel, under one shared deadline; a memory bound caps each part's memo.
 * Past either: unknown, with how far the search got, never a guess.
 *
 * <p>The memo is compact so that histories of a million almost sequential operations (lock
 * histories) and searches of millions of configurations fit: a linearized set is a watermark
 * over the determinate operations plus a few ranks above it, and the number of the set of
 * linearized indeterminate ones (each distinct set stored once, in a trie); a state is a
 * number too. A configuration is a few ints in a paged arena, with no object of its own: 5
 * million of them, the default bound, take 350–500 MB of RSS on the adversarial histories of
 * the tests.
 *
 * <p>Each partition is searched twice, taking turns ({@code Searches}):
 * in the lazy order, indeterminate calls are tried only where the search would otherwise
 * backtrack and only when they change the state (fast on long, almost sequential histories);
 * in the eager order, Porcupine's, each is tried where it was invoked (fast when most crashed
 * operations took effect at once). Both try equal indeterminate calls only in invocation
 * order; each of these choices keeps the search complete, so the first verdict is right.
 * Partitions take turns in slices of steps too, so one hard partition cannot delay the verdict
 * of an easy invalid one.
 */
package io.lockchaos.checker.linear;
