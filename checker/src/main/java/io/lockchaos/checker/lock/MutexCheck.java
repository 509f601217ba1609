package io.lockchaos.checker.lock;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.Evidence;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.checker.linear.Linearizability;
import io.lockchaos.checker.linear.LinearizabilityResult;
import io.lockchaos.checker.model.Model;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import io.lockchaos.checker.model.FencedMutexModel;
import io.lockchaos.checker.model.OwnerMutexModel;
import io.lockchaos.checker.model.ReentrantFencedMutexModel;
import io.lockchaos.checker.model.ReentrantMutexModel;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.List;
import java.util.Optional;

/**
 * Check {@code mutex}: per lock, the acquires and releases must be linearizable on an owner
 * mutex ({@link OwnerMutexModel}: no acquire of a held lock, only the holder releases). A
 * lease that expired under a holder that never released, followed by another grant, has no
 * such order. Storage operations are ignored. The search's unknown (past the time limit or
 * the memory bound) is this check's unknown, with the search's reason; its counterexamples
 * are the evidence.
 *
 * <p>With an owner model ({@code owner-mutex}, {@code fenced-mutex}) an indeterminate acquire
 * whose process has no release of that lock that could come after it is dropped before the
 * search: had it taken effect, the lock would stay held by a process that never releases it,
 * so it could only be the last grant of its lock, where it changes nothing. Such acquires
 * (a request lost on the way, after which Jepsen retires the process) are common, and each
 * would otherwise multiply the orders the search must rule out in an invalid history.
 *
 * <p>With an owner model a linear sweep ({@link MutexSweep}) runs first: a grant that falls
 * inside another process's hold whatever the order is invalid without a search, which on a
 * long history would have to rule out every order of the operations before it.
 */
public final class MutexCheck implements Checker {

    private final Model<?, ?> model;

    /** The check with {@link OwnerMutexModel}. */
    public MutexCheck() {
        this(new OwnerMutexModel());
    }

    /**
     * The check of a lock that is reentrant ({@link ReentrantMutexModel}: its holder may be
     * granted it again) or not ({@link OwnerMutexModel}).
     */
    public static MutexCheck of(io.lockchaos.history.ops.Reentrancy reentrancy) {
        return new MutexCheck(reentrancy.reentrant() ? new ReentrantMutexModel() : new OwnerMutexModel());
    }

    /** The check with another lock model, such as {@code mutex} or {@code fenced-mutex}. */
    public MutexCheck(Model<?, ?> model) {
        this.model = model;
    }

    @Override
    public String name() {
        return "mutex";
    }

    private boolean ownerModel() {
        return model instanceof OwnerMutexModel || model instanceof FencedMutexModel
                || model instanceof ReentrantMutexModel || model instanceof ReentrantFencedMutexModel;
    }

    /** Indeterminate acquires with no release by the same process of the same lock completing after their invocation. */
    static Set<Integer> futileAcquires(History history) {
        Map<Holder, Integer> lastRelease = new HashMap<>();
        for (Operation op : history.clientOperations()) {
            if (op.f().equals(LockOps.RELEASE) && !op.isFail()) {
                int end = op.isIndeterminate() ? Integer.MAX_VALUE : op.completion().index();
                lastRelease.merge(holder(op), end, Math::max);
            }
        }
        Set<Integer> futile = new HashSet<>();
        for (Operation op : history.clientOperations()) {
            if (op.f().equals(LockOps.ACQUIRE) && op.isIndeterminate()
                    && lastRelease.getOrDefault(holder(op), -1) < op.invocation().index()) {
                futile.add(op.id());
            }
        }
        return futile;
    }

    private record Holder(Process process, String lock) {
    }

    private static Holder holder(Operation op) {
        return new Holder(op.process(), LockOps.lockOrKey(op.input()).orElse(Sentences.UNNAMED));
    }

    @Override
    public CheckResult check(History history, CheckOptions options) {
        Set<Integer> futile = ownerModel() ? futileAcquires(history) : Set.of();
        LockOperationsOnly<?, ?> kept = new LockOperationsOnly<>(model, futile);
        if (ownerModel()) {
            Optional<MutexSweep.Found> swept = MutexSweep.sweep(history, kept);
            if (swept.isPresent() && !swept.get().violations().isEmpty()) {
                MutexSweep.Found found = swept.get();
                return new CheckResult(name(), Validity.INVALID, "not linearizable for "
                        + Sentences.count(found.violations().size(), "lock") + " (" + found.operations()
                        + " acquires and releases of " + Sentences.count(found.locks(), "lock") + " against "
                        + model.name() + "; a grant inside another process's hold, found without a search)",
                        List.copyOf(found.violations()));
            }
        }
        LinearizabilityResult result = Linearizability.check(history, kept, options);
        int locks = result.stats().partitions();
        if (result.valid() == Validity.VALID && result.stats().operations() == 0) {
            return CheckResult.valid(name(), "the history has no acquires or releases: nothing to check");
        }
        String scope = result.stats().operations() + " acquires and releases of "
                + Sentences.count(locks, "lock") + " against " + model.name();
        switch (result.valid()) {
            case VALID:
                return CheckResult.valid(name(), "linearizable: " + scope);
            case INVALID:
                List<Evidence> evidence = List.copyOf(result.counterexamples());
                return new CheckResult(name(), Validity.INVALID, "not linearizable for "
                        + Sentences.count(evidence.size(), "lock") + " (" + scope + ")", evidence);
            default:
                return CheckResult.unknown(name(), "could not decide: " + result.reason() + " (" + scope + ")");
        }
    }
}
