package io.lockchaos.checker.lock;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.Evidence;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.ops.Reentrancy;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The lock workload's four checks together ({@code --workload lock}): {@code mutex},
 * {@code holds}, {@code tokens}, {@code ledger}. {@link #checkEach} gives each check's result
 * (what results.json lists); {@link #check} merges them into one, invalid beating unknown
 * beating valid, with every check's evidence. A check that throws is unknown with the reason.
 */
public final class LockChecks implements Checker {

    private final List<Checker> checks;

    /** The four checks, {@code mutex} against the owner mutex. */
    public LockChecks() {
        this(List.of(new MutexCheck(), new HoldsCheck(), new TokensCheck(), new LedgerCheck()));
    }

    /**
     * The four checks of a lock that is reentrant or not: {@code mutex} against the reentrant
     * mutex or the owner mutex, {@code holds} and {@code tokens} counting a holder's reentries
     * into its hold or each grant as a hold of its own (a lock that is not reentrant and grants
     * its holder again is then invalid: a grant of a held lock, and the same token twice).
     */
    public static LockChecks of(Reentrancy reentrancy) {
        return new LockChecks(List.of(MutexCheck.of(reentrancy), new HoldsCheck(reentrancy), new TokensCheck(reentrancy),
                new LedgerCheck()));
    }

    /** Any lock checks, in the order they should be reported. */
    public LockChecks(List<Checker> checks) {
        this.checks = List.copyOf(checks);
    }

    @Override
    public String name() {
        return "lock";
    }

    /** The checks themselves, in report order. */
    public List<Checker> checks() {
        return checks;
    }

    /** Each check's result, in order. */
    public List<CheckResult> checkEach(History history, CheckOptions options) {
        List<CheckResult> results = new ArrayList<>(checks.size());
        for (Checker check : checks) {
            results.add(runOne(check, history, options));
        }
        return results;
    }

    @Override
    public CheckResult check(History history, CheckOptions options) {
        return merge(name(), checkEach(history, options));
    }

    /** Whether an operation's error is the fenced store's refusal, {@code :stale-token} (as the ledger check counts it). */
    public static boolean isStaleToken(io.lockchaos.history.Value error) {
        return LockOps.isStaleToken(error);
    }

    /** One result for several: the highest-priority verdict, each check's verdict in the summary, all evidence. */
    public static CheckResult merge(String name, List<CheckResult> results) {
        Validity valid = Validity.VALID;
        List<Evidence> evidence = new ArrayList<>();
        for (CheckResult result : results) {
            valid = valid.merge(result.valid());
            evidence.addAll(result.evidence());
        }
        String summary = results.stream()
                .map(r -> r.check() + " " + r.valid().word())
                .collect(Collectors.joining(", "));
        return new CheckResult(name, valid, summary, evidence);
    }

    private static CheckResult runOne(Checker check, History history, CheckOptions options) {
        try {
            return check.check(history, options);
        } catch (RuntimeException e) {
            return CheckResult.unknown(check.name(), "the " + check.name() + " check failed on "
                    + history.source() + " with " + e + "; this is a bug in lockchaos, please report it with the history");
        }
    }
}
