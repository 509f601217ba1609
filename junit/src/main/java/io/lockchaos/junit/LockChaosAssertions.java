package io.lockchaos.junit;

import io.lockchaos.harness.run.RunOutcome;

/**
 * Assertions on a run's outcome, AssertJ-style:
 * <pre>{@code
 * import static io.lockchaos.junit.LockChaosAssertions.assertThat;
 *
 * assertThat(outcome).check("mutex").isInvalid();
 * assertThat(outcome).check("ledger-fenced").isValid();
 * assertThat(outcome).meetsItsExpectations();
 * assertThat(outcome).unsafeWindow().isShorterThan(Duration.ofSeconds(1));
 * assertThat(outcome).unsafeWindow("fenced").hasNone();
 * }</pre>
 * A failure's message names the check, its verdict and summary, the first sentence of its
 * evidence, the run's {@code report.html} and the {@code ./lockchaos replay} command that runs
 * it again.
 */
public final class LockChaosAssertions {

    private LockChaosAssertions() {
    }

    /** Assertions on {@code outcome}. */
    public static OutcomeAssert assertThat(RunOutcome outcome) {
        return new OutcomeAssert(outcome);
    }
}
