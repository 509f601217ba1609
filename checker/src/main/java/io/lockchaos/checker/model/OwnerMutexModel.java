package io.lockchaos.checker.model;

import io.lockchaos.checker.history.Operation;
import java.util.Optional;

/**
 * A mutex that only its holder may release: {@link MutexModel}, plus a release by any other
 * process is impossible. This is the model the lock workload's {@code mutex} check uses.
 */
public record OwnerMutexModel() implements Model<LockState, LockCall> {

    @Override
    public String name() {
        return "owner-mutex";
    }

    @Override
    public LockState init() {
        return LockState.FREE;
    }

    /** Each lock is independent of the others: one partition per lock name. */
    @Override
    public String partition(Operation operation) {
        return LockCall.lockOf(operation);
    }

    @Override
    public Optional<LockCall> prepare(Operation operation) {
        return LockCall.of(operation, name());
    }

    @Override
    public Step<LockState> step(LockState state, LockCall call) {
        if (call instanceof LockCall.Acquire) {
            return state instanceof LockState.Held held
                    ? Step.inconsistent(call + ": " + call.lockName() + " is already held by process " + held.holder())
                    : Step.next(new LockState.Held(call.process()));
        }
        if (state instanceof LockState.Held held) {
            return held.holder().equals(call.process())
                    ? Step.next(LockState.FREE)
                    : Step.inconsistent(call + ": " + call.lockName() + " is held by process " + held.holder());
        }
        return Step.inconsistent(call + ": " + call.lockName() + " was not held");
    }
}
