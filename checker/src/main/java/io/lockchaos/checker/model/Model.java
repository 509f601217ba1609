package io.lockchaos.checker.model;

import io.lockchaos.history.Operation;
import io.lockchaos.history.Value;
import java.util.Optional;

/**
 * A sequential specification, pure: an initial state and a step function. The
 * linearizability search asks whether some order of a history's operations, consistent with
 * real time, walks the model from {@link #init()} without an inconsistent step.
 *
 * <p>Before the search, {@link #prepare(Operation)} turns each operation into the model's own
 * typed call {@code C} once, so the search never re-reads untyped values. States must have
 * value semantics ({@code equals}/{@code hashCode}): the search memoizes on them. Calls should
 * too: the search treats indeterminate operations with equal calls as interchangeable (with
 * identity equality it merely explores more). {@link #step} runs millions of times on long
 * histories, so an {@code Inconsistent} reason should be cheap to build.
 *
 * @param <S> the state type
 * @param <C> the prepared call type
 */
public interface Model<S, C> {

    /** The name used on the command line ({@code cas-register}, {@code mutex}, ...). */
    String name();

    S init();

    /**
     * This model with {@code initial} as its initial state (Knossos's {@code (cas-register 0)}),
     * for the models whose state is a value; the others throw {@link ModelException}.
     */
    default Model<S, C> startingAt(Value initial) {
        throw new ModelException("model " + name() + " has no initial value to set");
    }

    /**
     * Interprets one operation for this model. Empty means the operation does not constrain
     * the history (for example a {@code :fail} that certainly did not happen, in models that
     * say so). Throws {@link ModelException} naming the operation when its {@code f} or value
     * is not one this model knows.
     */
    Optional<C> prepare(Operation operation);

    /** Applies one call to a state. Indeterminate calls carry no output to compare. */
    Step<S> step(S state, C call);

    /** The partition of a model that does not split its histories. */
    String WHOLE = "";

    /**
     * The independent part of the history a prepared operation belongs to
     * (P-compositionality). Operations in different parts never constrain each other, so
     * each part is checked on its own, from {@link #init()}; a per-key register answers the
     * key, a mutex the lock's name. The answer names the part in counterexamples. The
     * default, {@link #WHOLE}, keeps the history in one part.
     */
    default String partition(Operation operation) {
        return WHOLE;
    }

    /**
     * The partitions an operation touches. An operation in several (a transaction over two
     * keys) joins them: the search checks together every partition that operations connect.
     * The default is the one {@link #partition}.
     */
    default java.util.List<String> partitions(Operation operation) {
        return java.util.List.of(partition(operation));
    }

    /**
     * A cheap refutation before the search: the index in {@code calls} (one partition's, in
     * invocation order) of an operation that no order can accept, such as a read of a value
     * that nothing could have produced; -1 when there is none or the model does not look.
     * It must never name an operation that some order accepts.
     */
    default int refute(java.util.List<C> calls) {
        return -1;
    }

    /** How a call reads in a counterexample. */
    default String describe(C call) {
        return String.valueOf(call);
    }

    /** How a state reads in a counterexample. */
    default String describeState(S state) {
        return String.valueOf(state);
    }
}
