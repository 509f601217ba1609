package io.lockchaos.checker.lock;

import io.lockchaos.history.ops.Fencing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.testkit.Await;
import io.lockchaos.testkit.lock.GeneratedHistory;
import io.lockchaos.testkit.lock.LockAnomaly;
import io.lockchaos.testkit.lock.LockHistories;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class LockChecksTest {

    private static Checker fixed(String name, Validity validity) {
        return new Checker() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public CheckResult check(History history, CheckOptions options) {
                return new CheckResult(name, validity, name + " says " + validity, List.of());
            }
        };
    }

    private static Checker throwing() {
        return new Checker() {
            @Override
            public String name() {
                return "broken";
            }

            @Override
            public CheckResult check(History history, CheckOptions options) {
                throw new IllegalStateException("boom");
            }
        };
    }

    @Test
    void verdictsMergeInvalidOverUnknownOverValid() {
        History empty = History.of(List.of());
        CheckOptions options = CheckOptions.defaults();
        assertEquals(Validity.INVALID, new LockChecks(List.of(fixed("a", Validity.VALID), fixed("b", Validity.UNKNOWN),
                fixed("c", Validity.INVALID))).check(empty, options).valid());
        CheckResult unknown = new LockChecks(List.of(fixed("a", Validity.VALID), fixed("b", Validity.UNKNOWN)))
                .check(empty, options);
        assertEquals(Validity.UNKNOWN, unknown.valid());
        assertEquals("a valid, b unknown", unknown.summary());
        assertEquals(Validity.VALID, new LockChecks(List.of(fixed("a", Validity.VALID))).check(empty, options).valid());
    }

    @Test
    void aCheckThatThrowsIsUnknownWithTheReason() {
        List<CheckResult> results = new LockChecks(List.of(throwing())).checkEach(History.of(List.of()),
                CheckOptions.defaults());
        assertEquals(Validity.UNKNOWN, results.get(0).valid());
        assertTrue(results.get(0).summary().contains("boom"), results.get(0).summary());
    }

    @Test
    void theSearchsUnknownIsTheMutexChecksUnknownWithItsReason() {
        History history = LockHistories.valid(5, 20_000, 8, 1);
        CheckOptions starved = new CheckOptions(Await.scaled(Duration.ofSeconds(60)), 1, 1);
        CheckResult result = new MutexCheck().check(history, starved);
        assertEquals(Validity.UNKNOWN, result.valid(), result.summary());
        assertTrue(result.summary().startsWith("could not decide: ") && result.summary().length() > 40,
                result.summary());
        assertEquals(Validity.VALID, new MutexCheck().check(history, CheckOptions.defaults()).valid());
    }

    @Test
    void evidenceIsCappedButEveryAnomalyIsCounted() {
        GeneratedHistory generated = LockHistories.generate(11, 4_000, 3, 1, Fencing.WRITES_ONLY, LockAnomaly.TOKEN_REGRESSION);
        CheckResult tokens = new TokensCheck().check(generated.history(), CheckOptions.defaults());
        assertEquals(Validity.INVALID, tokens.valid());
        assertTrue(tokens.evidence().size() <= TokensCheck.MAX_EVIDENCE);
        assertTrue(tokens.summary().matches("\\d+ grants? repeated.*"), tokens.summary());
    }

    @Test
    void onlyIndeterminateAcquiresThatNoReleaseCanFollowAreFutile() {
        Value lock = Value.map("lock", "job-0");
        History history = History.of(List.of(
                event(1, OpType.INVOKE, 1, "acquire", lock),           // op 0: lost, process 1 never releases
                event(2, OpType.INVOKE, 3, "acquire", lock),           // op 1: times out, process 3 releases later
                event(3, OpType.INFO, 3, "acquire", lock),
                event(4, OpType.INVOKE, 2, "acquire", lock),           // op 2: granted
                event(5, OpType.OK, 2, "acquire", lock),
                event(6, OpType.INVOKE, 2, "release", lock),           // op 3
                event(7, OpType.OK, 2, "release", lock),
                event(8, OpType.INVOKE, 3, "release", lock),           // op 4
                event(9, OpType.FAIL, 3, "release", lock)));
        assertEquals(java.util.Set.of(0, 1), MutexCheck.futileAcquires(history),
                "a failed release certainly did not happen, so it cannot follow the acquire either");
        History released = History.of(List.of(
                event(1, OpType.INVOKE, 3, "acquire", lock),
                event(2, OpType.INFO, 3, "acquire", lock),
                event(3, OpType.INVOKE, 3, "release", lock)));
        assertEquals(java.util.Set.of(), MutexCheck.futileAcquires(released),
                "an indeterminate release may follow the acquire");
    }

    private static Op event(long time, OpType type, int process, String f, Value value) {
        return new Op(0, time, type, Process.client(process), f, value);
    }
}
