package io.lockchaos.checker.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.Validity;
import io.lockchaos.checker.model.ModelException;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** {@link FileReport#of}: the checks run side by side, and report in order, each as it ended. */
class FileReportTest {

    private static final History HISTORY = History.of(List.of(
            new Op(0, 1, OpType.INVOKE, Process.client(0), "read", Value.NIL),
            new Op(1, 2, OpType.OK, Process.client(0), "read", Value.of(1))));

    private record Fixed(String name, Supplier<CheckResult> result) implements Checker {
        @Override
        public CheckResult check(History history, CheckOptions options) {
            return result.get();
        }
    }

    /** A check that is valid once every other check of the barrier has started: never, when they run one after another. */
    private static Checker meeting(String name, CountDownLatch all) {
        return new Fixed(name, () -> {
            all.countDown();
            try {
                return all.await(20, TimeUnit.SECONDS) ? CheckResult.valid(name, "met the others")
                        : CheckResult.unknown(name, "the other checks never started while this one ran");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return CheckResult.unknown(name, "interrupted");
            }
        });
    }

    @Test
    void theChecksRunSideBySideAndReportInTheirOrder() {
        CountDownLatch all = new CountDownLatch(3);
        FileReport report = FileReport.of("h.edn", HISTORY,
                List.of(meeting("a", all), meeting("b", all), meeting("c", all)), CheckOptions.defaults());
        assertEquals(List.of("a", "b", "c"), report.checks().stream().map(CheckResult::check).toList());
        assertEquals(Validity.VALID, report.valid(), report.checks().toString());
    }

    @Test
    void aCheckThatCrashesIsUnknownAndTheOthersStillReport() {
        FileReport report = FileReport.of("h.edn", HISTORY, List.of(
                new Fixed("ok", () -> CheckResult.valid("ok", "fine")),
                new Fixed("crash", () -> {
                    throw new IllegalStateException("boom");
                }),
                new Fixed("deep", () -> {
                    throw new StackOverflowError();
                })), CheckOptions.defaults());
        assertEquals(List.of(Validity.VALID, Validity.UNKNOWN, Validity.UNKNOWN),
                report.checks().stream().map(CheckResult::valid).toList());
        assertTrue(report.checks().get(1).summary().contains("boom"), report.checks().get(1).summary());
        assertEquals(Validity.UNKNOWN, report.valid());
    }

    @Test
    void anOperationTheModelCannotUseIsBadInputWhicheverCheckMeetsIt() {
        ModelException e = assertThrows(ModelException.class, () -> FileReport.of("h.edn", HISTORY, List.of(
                new Fixed("ok", () -> CheckResult.valid("ok", "fine")),
                new Fixed("model", () -> {
                    throw new ModelException("event 0: model register cannot read :x");
                })), CheckOptions.defaults()));
        assertEquals("event 0: model register cannot read :x", e.getMessage());
    }
}
