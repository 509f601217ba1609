package io.lockchaos.history;

import java.util.Optional;

/**
 * An invocation paired with its completion. An invocation that never completed counts as
 * indeterminate ({@link OpType#INFO}); so does one completed with {@code :info}. A named
 * process's standalone {@code :info} event (a nemesis action) pairs with itself.
 *
 * @param id         position among the history's operations, from 0, in invocation order
 * @param invocation the {@code :invoke} event (or the standalone event)
 * @param completion the {@code :ok}/{@code :fail}/{@code :info} event; null when none came
 */
public record Operation(int id, Op invocation, Op completion) {

    /** ok, fail or info; info also when there was no completion. */
    public OpType type() {
        return completion == null ? OpType.INFO : completion.type();
    }

    public Optional<Op> completed() {
        return Optional.ofNullable(completion);
    }

    public Process process() {
        return invocation.process();
    }

    public String f() {
        return invocation.f();
    }

    /** The value the operation was invoked with. */
    public Value input() {
        return invocation.value();
    }

    /** The value the completion reported; the input when there was no completion. */
    public Value output() {
        return completion == null ? invocation.value() : completion.value();
    }

    public boolean isOk() {
        return type() == OpType.OK;
    }

    public boolean isFail() {
        return type() == OpType.FAIL;
    }

    public boolean isIndeterminate() {
        return type() == OpType.INFO;
    }

    /** Invocation time in ns. */
    public long invokeTime() {
        return invocation.time();
    }

    /**
     * Completion time in ns; {@link Long#MAX_VALUE} for an indeterminate operation, which may
     * take effect at any time after its invocation.
     */
    public long completeTime() {
        return isIndeterminate() || completion == null ? Long.MAX_VALUE : completion.time();
    }

    @Override
    public String toString() {
        return "process " + process() + " " + f() + " " + input()
                + (completion == null ? " (never completed)" : " -> :" + type().keyword() + " " + output());
    }
}
