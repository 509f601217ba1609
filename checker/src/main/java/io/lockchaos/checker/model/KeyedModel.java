package io.lockchaos.checker.model;

import io.lockchaos.history.Op;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Value;
import java.util.Optional;

/**
 * Turns a single-key model into a multi-key one: the history is partitioned per key and
 * each key is checked against the inner model from its initial state. The key is the
 * event's {@code :key} entry, else the value map's {@code :key} or {@code :lock}. When the
 * value is a map with a {@code :value} entry ({@code {:key "x" :value 3}}), the inner model
 * sees that entry as the operation's value; other maps ({@code {:lock "job-0" :token 3}})
 * reach it whole. An operation without a key is an error naming it.
 */
public final class KeyedModel<S, C> implements Model<S, C> {

    private final Model<S, C> inner;

    private KeyedModel(Model<S, C> inner) {
        this.inner = inner;
    }

    /** The keyed variant of {@code inner}, named {@code keyed-<inner name>}. */
    public static <S, C> KeyedModel<S, C> of(Model<S, C> inner) {
        return new KeyedModel<>(inner);
    }

    @Override
    public String name() {
        return "keyed-" + inner.name();
    }

    @Override
    public S init() {
        return inner.init();
    }

    @Override
    public KeyedModel<S, C> startingAt(Value initial) {
        return new KeyedModel<>(inner.startingAt(initial));
    }

    @Override
    public String partition(Operation operation) {
        return OperationKeys.requireKey(operation, name());
    }

    @Override
    public Optional<C> prepare(Operation operation) {
        OperationKeys.requireKey(operation, name());
        return inner.prepare(unwrap(operation));
    }

    private static Operation unwrap(Operation operation) {
        Op invocation = unwrap(operation.invocation());
        Op completion = operation.completion() == null ? null : unwrap(operation.completion());
        return new Operation(operation.id(), invocation, completion);
    }

    private static Op unwrap(Op op) {
        Value payload = OperationKeys.payload(op.value());
        return payload == op.value() ? op : op.withValue(payload);
    }

    @Override
    public int refute(java.util.List<C> calls) {
        return inner.refute(calls);
    }

    @Override
    public Step<S> step(S state, C call) {
        return inner.step(state, call);
    }

    @Override
    public String describe(C call) {
        return inner.describe(call);
    }

    @Override
    public String describeState(S state) {
        return inner.describeState(state);
    }
}
