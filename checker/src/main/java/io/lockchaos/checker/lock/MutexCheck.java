package io.lockchaos.checker.lock;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.Evidence;
import io.lockchaos.checker.Validity;
import io.lockchaos.checker.history.History;
import io.lockchaos.checker.linear.Linearizability;
import io.lockchaos.checker.linear.LinearizabilityResult;
import io.lockchaos.checker.model.Model;
import io.lockchaos.checker.model.OwnerMutexModel;
import java.util.List;

/**
 * Check {@code mutex}: per lock, the acquires and releases must be linearizable on an owner
 * mutex ({@link OwnerMutexModel}: no acquire of a held lock, only the holder releases). A
 * lease that expired under a holder that never released, followed by another grant, has no
 * such order. Storage operations are ignored. The search's unknown (past the time limit or
 * the memory bound) is this check's unknown, with the search's reason; its counterexamples
 * are the evidence.
 */
public final class MutexCheck implements Checker {

    private final Model<?, ?> model;

    /** The check with {@link OwnerMutexModel}. */
    public MutexCheck() {
        this(new OwnerMutexModel());
    }

    /** The check with another lock model, such as {@code mutex} or {@code fenced-mutex}. */
    public MutexCheck(Model<?, ?> model) {
        this.model = model;
    }

    @Override
    public String name() {
        return "mutex";
    }

    @Override
    public CheckResult check(History history, CheckOptions options) {
        LinearizabilityResult result = Linearizability.check(history, new LockOperationsOnly<>(model), options);
        int locks = result.stats().partitions();
        if (result.valid() == Validity.VALID && result.stats().operations() == 0) {
            return CheckResult.valid(name(), "the history has no acquires or releases: nothing to check");
        }
        String scope = result.stats().operations() + " acquires and releases of "
                + LockValues.count(locks, "lock") + " against " + model.name();
        switch (result.valid()) {
            case VALID:
                return CheckResult.valid(name(), "linearizable: " + scope);
            case INVALID:
                List<Evidence> evidence = List.copyOf(result.counterexamples());
                return new CheckResult(name(), Validity.INVALID, "not linearizable for "
                        + LockValues.count(evidence.size(), "lock") + " (" + scope + ")", evidence);
            default:
                return CheckResult.unknown(name(), "could not decide: " + result.reason() + " (" + scope + ")");
        }
    }
}
