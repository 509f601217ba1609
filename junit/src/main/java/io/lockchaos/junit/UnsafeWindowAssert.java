package io.lockchaos.junit;

import io.lockchaos.checker.lock.UnsafeWindows;
import io.lockchaos.harness.run.RunOutcome;
import java.time.Duration;
import java.util.Locale;
import org.opentest4j.AssertionFailedError;

/**
 * Assertions on a run's unsafe windows (every lane's, or one lane's); {@link OutcomeAssert#unsafeWindow}
 * makes one. A history that could not be measured fails every assertion, saying why: no figure
 * is not a safe figure.
 */
public final class UnsafeWindowAssert {

    private final RunOutcome outcome;
    private final String scope;
    private final UnsafeWindows windows;

    UnsafeWindowAssert(RunOutcome outcome, String scope, UnsafeWindows windows) {
        this.outcome = outcome;
        this.scope = scope;
        this.windows = windows;
    }

    /** Asserts that no holder went on after its lock was granted to another. */
    public UnsafeWindowAssert hasNone() {
        measured();
        if (windows.count() > 0) {
            throw failure("expected no unsafe window but found " + windows.summary(), "none", windows.count() + "");
        }
        return this;
    }

    /** Asserts that every window is shorter than {@code limit} (none at all passes). */
    public UnsafeWindowAssert isShorterThan(Duration limit) {
        measured();
        if (windows.worstMs() >= limit.toNanos() / 1e6) {
            throw failure(String.format(Locale.ROOT, "expected every unsafe window shorter than %d ms but the worst is"
                    + " %.1f ms (%s)", limit.toMillis(), windows.worstMs(), windows.summary()),
                    "< " + limit.toMillis() + " ms", String.format(Locale.ROOT, "%.1f ms", windows.worstMs()));
        }
        return this;
    }

    /** Asserts that every window's holder was told of its loss (a library with a loss notice). */
    public UnsafeWindowAssert wasAlwaysTold() {
        measured();
        if (windows.told() < windows.count()) {
            throw failure("expected every holder to be told of its loss, but " + (windows.count() - windows.told())
                    + " of " + windows.count() + " never were", windows.count() + " told", windows.told() + " told");
        }
        return this;
    }

    /** The windows themselves, for assertions of one's own. */
    public UnsafeWindows windows() {
        return windows;
    }

    private void measured() {
        if (windows.unmeasurable().isPresent()) {
            throw failure("the unsafe windows were not measured: " + windows.unmeasurable().get(), "measured", "not");
        }
    }

    private AssertionFailedError failure(String what, String expected, String actual) {
        StringBuilder message = new StringBuilder("unsafe windows of run " + outcome.scenario().name() + scope + ": "
                + what + "\n");
        windows.worst().ifPresent(w -> message.append("  worst:    ").append(windows.sentence(w, p -> "process " + p))
                .append('\n'));
        message.append(CheckAssert.where(outcome));
        return new AssertionFailedError(message.toString(), expected, actual);
    }
}
