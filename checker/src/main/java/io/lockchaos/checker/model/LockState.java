package io.lockchaos.checker.model;

import io.lockchaos.history.Process;

/** The state of one lock in the lock models: free, or held by one process. */
public sealed interface LockState {

    Free FREE = new Free();

    record Free() implements LockState {
        @Override
        public String toString() {
            return "free";
        }
    }

    record Held(Process holder) implements LockState {
        @Override
        public String toString() {
            return "held by process " + holder;
        }
    }
}
