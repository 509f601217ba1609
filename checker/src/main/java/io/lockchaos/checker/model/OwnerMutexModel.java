package io.lockchaos.checker.model;


/**
 * A mutex that only its holder may release: {@link MutexModel}, plus a release by any other
 * process is impossible. This is the model the lock workload's {@code mutex} check uses.
 */
public record OwnerMutexModel() implements LockModel<LockState> {

    @Override
    public String name() {
        return "owner-mutex";
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
        if (state instanceof LockState.Held held) {
            return held.holder().equals(call.process())
                    ? Step.next(LockState.FREE)
                    : Step.inconsistent(call + ": " + call.lockName() + " is held by process " + held.holder());
        }
        return Step.inconsistent(call + ": " + call.lockName() + " was not held");
    }
}
