package io.lockchaos.checker.model;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.lockchaos.history.Process;
import java.util.OptionalLong;

/** What the lock models' tests share: calls on {@code job-0} and reading a step's outcome. */
final class LockSteps {

    static final Process P3 = Process.client(3);
    static final Process P5 = Process.client(5);

    private LockSteps() {
    }

    static LockCall acquire(Process p, long token) {
        return new LockCall.Acquire("job-0", p, OptionalLong.of(token));
    }

    static LockCall release(Process p) {
        return new LockCall.Release("job-0", p, OptionalLong.empty());
    }

    /** The state {@code step} moves to; fails when the call was inconsistent. */
    @SuppressWarnings("unchecked")
    static <S> S next(Step<S> step) {
        assertInstanceOf(Step.Next.class, step, () -> "expected a next state, got " + step);
        return ((Step.Next<S>) step).state();
    }

    /** Why the call of {@code step} was inconsistent; fails when it was not. */
    static String reason(Step<?> step) {
        return assertInstanceOf(Step.Inconsistent.class, step, () -> "expected inconsistent, got " + step).reason();
    }
}
