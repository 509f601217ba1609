package io.lockchaos.checker.report;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The results of every check run on one history.
 *
 * @param tornLine the 1-based line of the file that was torn and left out ({@link History#tornLine()});
 *     with one, the file's verdict is at best unknown: the checks judged only what came before the cut
 */
public record FileReport(String file, int events, List<CheckResult> checks, double elapsedSeconds,
                         OptionalInt tornLine) {

    public FileReport {
        checks = List.copyOf(checks);
    }

    /**
     * Runs each checker on the history, side by side: the first on this thread, each other on
     * a thread of its own (a check only reads the history), so the lock workload's four
     * checks take about as long as the longest on a machine with a core to spare; the results
     * are in the checkers' order whatever order they end in. A checker that throws is
     * reported as unknown with the reason: a crash in a check never reads as valid. A
     * {@code ModelException} (an operation the model cannot use) is bad input and is thrown on.
     */
    public static FileReport of(String file, History history, List<Checker> checkers, CheckOptions options) {
        long start = System.nanoTime();
        List<FutureTask<CheckResult>> tasks = new ArrayList<>();
        for (Checker checker : checkers) {
            tasks.add(new FutureTask<>(() -> runSafely(checker, history, options)));
        }
        for (int i = 1; i < tasks.size(); i++) {
            Thread thread = new Thread(tasks.get(i), "check-" + checkers.get(i).name());
            thread.setDaemon(true); // a check still running when another's bad input ends the command
            thread.start();
        }
        List<CheckResult> results = new ArrayList<>();
        for (FutureTask<CheckResult> task : tasks) {
            task.run(); // runs it here unless its own thread has begun it (then this does nothing)
            results.add(resultOf(task));
        }
        return new FileReport(file, history.size(), results, (System.nanoTime() - start) / 1e9, history.tornLine());
    }

    /** The task's result once it has ended; what it threw, thrown on. */
    private static CheckResult resultOf(FutureTask<CheckResult> task) {
        try {
            return task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the checks ran", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException unchecked) {
                throw unchecked; // a ModelException, which runSafely throws on
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
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

    /**
     * Every check's verdict merged; a torn file's valid is unknown (a violation found before the
     * cut stands: invalid stays invalid).
     */
    public Validity valid() {
        Validity v = tornLine.isPresent() ? Validity.UNKNOWN : Validity.VALID;
        for (CheckResult r : checks) {
            v = v.merge(r.valid());
        }
        return v;
    }
}
