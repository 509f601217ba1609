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

    private static final MutexModel MUTEX = new MutexModel();

    /** The plain mutex, except that a release must come from the holder. */
    @Override
    public Step<LockState> step(LockState state, LockCall call) {
        if (call instanceof LockCall.Release && state instanceof LockState.Held held
                && !held.holder().equals(call.process())) {
            return Step.inconsistent(call + ": " + call.lockName() + " is held by process " + held.holder());
        }
        return MUTEX.step(state, call);
    }
}
