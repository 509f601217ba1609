package io.lockchaos.checker.lock;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.history.Operation;
import io.lockchaos.checker.model.Model;
import io.lockchaos.checker.model.Step;
import java.util.Optional;
import java.util.Set;

/**
 * A lock model that ignores the workload's storage operations: reads, appends and final
 * reads do not constrain the lock, so they are dropped before the search sees them, and so
 * are the operations listed in {@code futile} (see {@link MutexCheck}). Wrapping (rather than
 * filtering the history) keeps every event's index, so counterexamples point at the history's
 * own events.
 *
 * @param futile ids of operations that cannot change the verdict
 */
record LockOperationsOnly<S, C>(Model<S, C> lockModel, Set<Integer> futile) implements Model<S, C> {

    @Override
    public String name() {
        return lockModel.name();
    }

    @Override
    public S init() {
        return lockModel.init();
    }

    @Override
    public Optional<C> prepare(Operation operation) {
        String f = operation.f();
        boolean lockOperation = f.equals(LockOps.ACQUIRE) || f.equals(LockOps.RELEASE);
        return lockOperation && !futile.contains(operation.id()) ? lockModel.prepare(operation) : Optional.empty();
    }

    @Override
    public String partition(Operation operation) {
        return lockModel.partition(operation);
    }

    @Override
    public Step<S> step(S state, C call) {
        return lockModel.step(state, call);
    }

    @Override
    public String describe(C call) {
        return lockModel.describe(call);
    }

    @Override
    public String describeState(S state) {
        return lockModel.describeState(state);
    }
}
