/**
 * Sequential specifications for the linearizability search. A {@link
 * io.lockchaos.checker.model.Model} is pure: an initial state, a {@code prepare} that turns a
 * history's operation into the model's typed call once (or drops it, when the operation
 * cannot constrain the history), and a {@code step} from a state and a call to the next state
 * or the reason the call is impossible. States have value semantics, because the search
 * remembers the (linearized operations, state) pairs it has seen.
 *
 * <p>A model may split a history into independent parts with {@code partition} (per key, per
 * lock): linearizability is compositional, so each part is checked alone, in parallel.
 * {@link io.lockchaos.checker.model.KeyedModel} does that for any single-key model.
 *
 * <p>How operations are read: {@code :ok} took effect with the result it reports;
 * {@code :fail} did not take effect and is dropped, in every model (Jepsen's and Knossos's
 * reading); only {@code cas-register-strict} keeps a failed cas, as a compare that did not
 * match. A read that did not end {@code :ok} says nothing and is dropped. An indeterminate
 * operation ({@code :info}, or never completed) is prepared from its invocation's value,
 * since its completion often only says {@code :timed-out}; the search lets it take effect
 * at any point after its invocation, or never. A value a model cannot use is a
 * {@link io.lockchaos.checker.model.ModelException} naming the event: bad input.
 *
 * <p>{@link io.lockchaos.checker.model.MultiRegisterModel} (Knossos's {@code multi-register}) names
 * several partitions for a txn over several keys; the search joins the partitions that
 * operations connect. {@link io.lockchaos.checker.model.Models} maps command-line names to
 * models.
 */
package io.lockchaos.checker.model;
