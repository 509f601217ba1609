package io.lockchaos.checker.model;

import java.util.OptionalLong;

/**
 * A reentrant mutex whose holds carry fencing tokens (Jepsen's {@code reentrant-fenced-mutex}
 * in its Hazelcast suite, for {@code FencedLock}): {@link ReentrantMutexModel}, plus a first
 * grant that shows a token must show a larger one than the last first grant that showed one,
 * and a grant to the holder (a reentry) must show the token of the hold it re-enters (the first
 * token a hold shows, when its first grant showed none, is compared as a first grant's). Grants
 * without a token (unfenced, or indeterminate) are not compared.
 */
public record ReentrantFencedMutexModel() implements LockModel<ReentrantFencedMutexModel.State> {

    private static final ReentrantMutexModel REENTRANT = new ReentrantMutexModel();

    /**
     * The reentrant lock's state, the token of the hold under way (empty when free or not seen)
     * and the largest token granted so far (empty before the first).
     */
    public record State(ReentrantMutexModel.State lock, OptionalLong holdToken, OptionalLong lastToken) {
        @Override
        public String toString() {
            return lock + (holdToken.isPresent() ? " with token " + holdToken.getAsLong() : "")
                    + (lastToken.isPresent() ? ", last token " + lastToken.getAsLong() : "");
        }
    }

    @Override
    public String name() {
        return "reentrant-fenced-mutex";
    }

    @Override
    public State init() {
        return new State(REENTRANT.init(), OptionalLong.empty(), OptionalLong.empty());
    }

    @Override
    public Step<State> step(State state, LockCall call) {
        OptionalLong token = call instanceof LockCall.Acquire ? call.token() : OptionalLong.empty();
        boolean reentry = call instanceof LockCall.Acquire && call.process().equals(state.lock().holder());
        if (reentry && token.isPresent() && state.holdToken().isPresent()
                && token.getAsLong() != state.holdToken().getAsLong()) {
            return Step.inconsistent(call + ": a reentry of the hold granted with token "
                    + state.holdToken().getAsLong() + " must get that token back");
        }
        boolean firstSeen = !reentry || state.holdToken().isEmpty();
        if (firstSeen && token.isPresent() && state.lastToken().isPresent()
                && token.getAsLong() <= state.lastToken().getAsLong()) {
            return Step.inconsistent(call + ": not larger than token "
                    + state.lastToken().getAsLong() + ", granted before");
        }
        Step<ReentrantMutexModel.State> lock = REENTRANT.step(state.lock(), call);
        if (lock instanceof Step.Inconsistent<ReentrantMutexModel.State> impossible) {
            return Step.inconsistent(impossible.reason());
        }
        ReentrantMutexModel.State next = ((Step.Next<ReentrantMutexModel.State>) lock).state(); // sealed: Next or Inconsistent
        if (next.depth() == 0) {
            return Step.next(new State(next, OptionalLong.empty(), state.lastToken()));
        }
        OptionalLong hold = state.holdToken().isPresent() ? state.holdToken() : token;
        return Step.next(new State(next, hold, token.isPresent() && firstSeen ? token : state.lastToken()));
    }
}
