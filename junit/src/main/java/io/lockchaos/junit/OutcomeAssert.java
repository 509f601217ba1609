package io.lockchaos.junit;

import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Validity;
import io.lockchaos.harness.run.RunOutcome;
import java.util.Map;
import java.util.Objects;
import org.opentest4j.AssertionFailedError;

/** Assertions on one run's outcome; {@link LockChaosAssertions#assertThat} makes one. */
public final class OutcomeAssert {

    private final RunOutcome outcome;

    OutcomeAssert(RunOutcome outcome) {
        this.outcome = Objects.requireNonNull(outcome, "outcome");
    }

    /**
     * Assertions on the check {@code name}: {@code mutex}, {@code holds}, {@code tokens},
     * {@code ledger} (merged over the lanes) or one lane's, such as {@code ledger-fenced}.
     *
     * @throws AssertionFailedError when the run has no such check, listing those it has
     */
    public CheckAssert check(String name) {
        CheckResult result = outcome.checks().get(name);
        if (result == null) {
            throw new AssertionFailedError("run " + outcome.scenario().name() + " has no check '" + name + "'; it has "
                    + outcome.checks().keySet());
        }
        return new CheckAssert(outcome, result);
    }

    /**
     * Assertions on the run's unsafe windows over every lane:
     * {@code assertThat(outcome).unsafeWindow().isShorterThan(Duration.ofSeconds(1))}, {@code .hasNone()}.
     */
    public UnsafeWindowAssert unsafeWindow() {
        return new UnsafeWindowAssert(outcome, "", outcome.unsafeWindows());
    }

    /**
     * Assertions on one lane's unsafe windows ({@code unfenced}, {@code fenced}, ...).
     *
     * @throws AssertionFailedError when the run has no such lane, listing those it has
     */
    public UnsafeWindowAssert unsafeWindow(String lane) {
        java.util.Map<String, io.lockchaos.checker.lock.UnsafeWindows> lanes = outcome.unsafeWindowsByLane();
        if (!lanes.containsKey(lane)) {
            throw new AssertionFailedError("run " + outcome.scenario().name() + " has no lane '" + lane + "'; it has "
                    + lanes.keySet());
        }
        return new UnsafeWindowAssert(outcome, " (lane " + lane + ")", lanes.get(lane));
    }

    /**
     * Asserts that every verdict the scenario's {@code expect} states came true.
     *
     * @throws AssertionFailedError naming each check that did not, with its evidence
     */
    public OutcomeAssert meetsItsExpectations() {
        Map<String, Validity> wrong = outcome.mismatches();
        if (!wrong.isEmpty()) {
            StringBuilder message = new StringBuilder("run " + outcome.scenario().name() + ": " + wrong.size()
                    + " check(s) did not reach the expected verdict\n");
            wrong.forEach((name, got) -> message.append(CheckAssert.describe(outcome, outcome.checks().get(name), name,
                    outcome.scenario().expect().get(name), got)));
            message.append(CheckAssert.where(outcome));
            throw new AssertionFailedError(message.toString().stripTrailing(), outcome.scenario().expect(), wrong);
        }
        return this;
    }
}
