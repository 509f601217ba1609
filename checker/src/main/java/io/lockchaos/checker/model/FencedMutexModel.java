package io.lockchaos.checker.model;

import java.util.OptionalLong;

/**
 * An owner mutex whose grants carry fencing tokens: {@link OwnerMutexModel}, plus every grant
 * that shows a token must show a larger one than the last grant that showed one. Grants
 * without a token (unfenced, or indeterminate) are not compared.
 */
public record FencedMutexModel() implements LockModel<FencedMutexModel.State> {

    private static final OwnerMutexModel OWNER = new OwnerMutexModel();

    /** The lock's state and the largest token granted so far (empty before the first). */
    public record State(LockState lock, OptionalLong lastToken) {
        @Override
        public String toString() {
            return lock + (lastToken.isPresent() ? ", last token " + lastToken.getAsLong() : "");
        }
    }

    @Override
    public String name() {
        return "fenced-mutex";
    }

    @Override
    public State init() {
        return new State(LockState.FREE, OptionalLong.empty());
    }

    @Override
    public Step<State> step(State state, LockCall call) {
        OptionalLong token = call instanceof LockCall.Acquire ? call.token() : OptionalLong.empty();
        if (token.isPresent() && state.lastToken().isPresent()
                && token.getAsLong() <= state.lastToken().getAsLong()) {
            return Step.inconsistent(call + ": not larger than token "
                    + state.lastToken().getAsLong() + ", granted before");
        }
        Step<LockState> owner = OWNER.step(state.lock(), call);
        if (owner instanceof Step.Inconsistent<LockState> impossible) {
            return Step.inconsistent(impossible.reason());
        }
        LockState next = ((Step.Next<LockState>) owner).state(); // Step is sealed: Next or Inconsistent
        return Step.next(new State(next, token.isPresent() ? token : state.lastToken()));
    }
}
