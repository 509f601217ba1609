package io.lockchaos.checker.model;

import io.lockchaos.history.Operation;
import java.util.Optional;

/**
 * What every lock model shares: calls are read by {@link LockCall} (how {@code :fail} and
 * {@code :info} count is decided there), and each lock is independent of the others, so a
 * history splits into one partition per lock name.
 */
public interface LockModel<S> extends Model<S, LockCall> {

    @Override
    default String partition(Operation operation) {
        return LockCall.lockOf(operation);
    }

    @Override
    default Optional<LockCall> prepare(Operation operation) {
        return LockCall.of(operation, name());
    }
}
