package io.lockchaos.checker.model;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One lock operation as the lock models see it: an acquire or a release of the lock named by
 * the value's {@code :lock}, by a process, with the fencing token when the history has one.
 * Knossos-style histories without a lock name ({@code :value nil}) are about one lock, named
 * {@link Model#WHOLE}.
 *
 * <p>How outcomes are read, for every lock model:
 * <ul>
 *   <li>{@code :ok} acquire: a grant, with the token of the completion's value if any.</li>
 *   <li>{@code :fail} acquire or release: certainly did not happen, so it is dropped and
 *       constrains nothing (a lock that was not granted; a release the server refused).</li>
 *   <li>{@code :info} (or never completed) acquire or release: may have taken effect at any
 *       time after its invocation, or never; the search decides. An indeterminate acquire
 *       carries no token, since none was seen, so fencing cannot constrain it.</li>
 * </ul>
 */
public sealed interface LockCall {

    String lock();

    Process process();

    /** The fencing token the operation carried; empty for unfenced locks and unseen grants. */
    OptionalLong token();

    /** The lock's name in a sentence: its name, or "the lock" when the history names none. */
    default String lockName() {
        return lock().equals(Model.WHOLE) ? "the lock" : lock();
    }

    record Acquire(String lock, Process process, OptionalLong token) implements LockCall {
        @Override
        public String toString() {
            return "process " + process + " acquire " + lockName()
                    + (token.isPresent() ? " -> token " + token.getAsLong() : "");
        }
    }

    record Release(String lock, Process process, OptionalLong token) implements LockCall {
        @Override
        public String toString() {
            return "process " + process + " release " + lockName()
                    + (token.isPresent() ? " (token " + token.getAsLong() + ")" : "");
        }
    }

    /**
     * Reads an acquire or release operation; empty for a {@code :fail}, which did not happen.
     * Throws {@link ModelException} naming the operation and the model for anything else.
     */
    static Optional<LockCall> of(Operation operation, String model) {
        requireLockValue(operation, model);
        if (operation.isFail()) {
            return Optional.empty();
        }
        String lock = lockOf(operation);
        boolean ok = operation.type() == OpType.OK;
        switch (operation.f()) {
            case LockOps.ACQUIRE:
                OptionalLong granted = ok ? token(operation, operation.output(), model) : OptionalLong.empty();
                return Optional.of(new Acquire(lock, operation.process(), granted));
            case LockOps.RELEASE:
                return Optional.of(new Release(lock, operation.process(), token(operation, operation.input(), model)));
            default:
                throw ModelException.at(operation, model, "has :f :" + operation.f()
                        + "; a lock model knows :acquire and :release: give it only lock operations");
        }
    }

    /** The lock an operation names: its value's {@code :lock}, else {@link Model#WHOLE}. */
    static String lockOf(Operation operation) {
        return LockOps.Field.LOCK.in(operation.input()).map(OperationKeys::text).orElse(Model.WHOLE);
    }

    /**
     * A lock operation's value is nil (Knossos's one-lock histories) or a map naming the lock
     * ({@code {:lock "job-0"}}); a map without {@code :lock}, or a {@code :lock} that is not a
     * name, is bad input rather than an operation on some unnamed lock.
     */
    private static void requireLockValue(Operation operation, String model) {
        Value input = operation.input();
        if (input.isNil()) {
            return;
        }
        Optional<Value> lock = input instanceof Value.Dict ? LockOps.Field.LOCK.in(input) : Optional.empty();
        if (lock.isEmpty() || !(lock.get() instanceof Value.Str || lock.get() instanceof Value.Kw)) {
            throw ModelException.at(operation, model, "has value " + input + "; a lock operation's value is nil"
                    + " (one lock) or a map with the lock's name, such as {:lock \"job-0\"}");
        }
    }

    private static OptionalLong token(Operation operation, Value value, String model) {
        Optional<Value> token = LockOps.Field.TOKEN.in(value);
        if (token.isEmpty() || token.get().isNil()) {
            return OptionalLong.empty();
        }
        if (!(token.get() instanceof Value.Int number)) {
            throw ModelException.at(operation, model, "has :token " + token.get()
                    + "; a fencing token is an integer");
        }
        return OptionalLong.of(number.value());
    }
}
