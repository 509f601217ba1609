package io.lockchaos.checker.model;


/**
 * Knossos's mutex: one lock, free or held. Acquiring a held lock or releasing a free one is
 * impossible. Any process may release (see {@link OwnerMutexModel} for the stricter rule).
 * How {@code :fail} and {@code :info} operations are read: {@link LockCall}.
 */
public record MutexModel() implements LockModel<LockState> {

    @Override
    public String name() {
        return "mutex";
    }

    @Override
    public LockState init() {
        return LockState.FREE;
    }

    @Override
    public Step<LockState> step(LockState state, LockCall call) {
        if (call instanceof LockCall.Acquire) {
            return state instanceof LockState.Held held
                    ? Step.inconsistent(call + ": " + call.lockName() + " is already held by process " + held.holder())
                    : Step.next(new LockState.Held(call.process()));
        }
        return state instanceof LockState.Free
                ? Step.inconsistent(call + ": " + call.lockName() + " was not held")
                : Step.next(LockState.FREE);
    }
}
