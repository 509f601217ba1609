package io.lockchaos.checker.model;

/**
 * The outcome of applying one operation to a model state: the next state, or the reason
 * the operation is impossible in that state.
 */
public sealed interface Step<S> {

    record Next<S>(S state) implements Step<S> {
    }

    record Inconsistent<S>(String reason) implements Step<S> {
    }

    static <S> Step<S> next(S state) {
        return new Next<>(state);
    }

    static <S> Step<S> inconsistent(String reason) {
        return new Inconsistent<>(reason);
    }
}
