package io.lockchaos.checker.report;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import java.util.ArrayList;
import java.util.List;

/** The results of every check run on one history. */
public record FileReport(String file, int events, List<CheckResult> checks, double elapsedSeconds) {

    public FileReport {
        checks = List.copyOf(checks);
    }

    /**
     * Runs each checker on the history. A checker that throws is reported as unknown with
     * the reason: a crash in a check never reads as valid. A {@code ModelException} (an
     * operation the model cannot use) is bad input and is thrown on.
     */
    public static FileReport of(String file, History history, List<Checker> checkers, CheckOptions options) {
        long start = System.nanoTime();
        List<CheckResult> results = new ArrayList<>();
        for (Checker checker : checkers) {
            results.add(runSafely(checker, history, options));
        }
        return new FileReport(file, history.size(), results, (System.nanoTime() - start) / 1e9);
    }

    private static CheckResult runSafely(Checker checker, History history, CheckOptions options) {
        try {
            return checker.check(history, options);
        } catch (io.lockchaos.checker.model.ModelException badInput) {
            throw badInput; // an operation the model cannot use: bad input, not a verdict
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            return CheckResult.unknown(checker.name(), "the " + checker.name() + " check failed: " + e);
        }
    }

    public Validity valid() {
        Validity v = Validity.VALID;
        for (CheckResult r : checks) {
            v = v.merge(r.valid());
        }
        return v;
    }
}
