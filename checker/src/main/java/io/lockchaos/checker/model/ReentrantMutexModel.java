package io.lockchaos.checker.model;

import io.lockchaos.history.Process;

/**
 * An owner mutex its holder may take again: {@link OwnerMutexModel}, except that an acquire by
 * the process that holds the lock is granted and counted, and each release by the holder takes
 * one count off; the last frees the lock (Jepsen's {@code reentrant-mutex} in its Hazelcast
 * suite). A grant to any other process while the lock is held, and a release by anyone but the
 * holder or of a free lock, stay impossible.
 */
public record ReentrantMutexModel() implements LockModel<ReentrantMutexModel.State> {

    /** The lock's state: free (depth 0), or held by one process {@code depth} times over. */
    public record State(LockState lock, int depth) {

        static final State FREE = new State(LockState.FREE, 0);

        /** The holder, when the lock is held. */
        Process holder() {
            return lock instanceof LockState.Held held ? held.holder() : null;
        }

        @Override
        public String toString() {
            return depth > 1 ? lock + " (" + depth + " grants deep)" : lock.toString();
        }
    }

    @Override
    public String name() {
        return "reentrant-mutex";
    }

    @Override
    public State init() {
        return State.FREE;
    }

    @Override
    public Step<State> step(State state, LockCall call) {
        Process holder = state.holder();
        if (call instanceof LockCall.Acquire) {
            if (holder == null) {
                return Step.next(new State(new LockState.Held(call.process()), 1));
            }
            return holder.equals(call.process())
                    ? Step.next(new State(state.lock(), state.depth() + 1))
                    : Step.inconsistent(call + ": " + call.lockName() + " is already held by process " + holder);
        }
        if (holder == null) {
            return Step.inconsistent(call + ": " + call.lockName() + " was not held");
        }
        if (!holder.equals(call.process())) {
            return Step.inconsistent(call + ": " + call.lockName() + " is held by process " + holder);
        }
        return Step.next(state.depth() == 1 ? State.FREE : new State(state.lock(), state.depth() - 1));
    }
}
