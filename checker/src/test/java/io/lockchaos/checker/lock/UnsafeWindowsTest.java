package io.lockchaos.checker.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.history.ops.LockOps;
import io.lockchaos.testkit.lock.LockAnomaly;
import io.lockchaos.testkit.lock.LockHistories;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Histories with overlaps whose windows are known to the millisecond; times below are in ms. */
class UnsafeWindowsTest {

    private static final String LOCK = "job-0";

    @Test
    void aPausedHolderIsUnsafeFromTheSuccessorsGrantToItsRelease() {
        UnsafeWindows w = UnsafeWindows.of(History.of(List.of(
                invoke(0, 1, LockOps.ACQUIRE, lock()), ok(100, 1, LockOps.ACQUIRE, lock(7)),
                invoke(2000, 2, LockOps.ACQUIRE, lock()), ok(2150, 2, LockOps.ACQUIRE, lock(8)),
                invoke(2300, 2, LockOps.APPEND, append(8, "e-2-1")), ok(2320, 2, LockOps.APPEND, append(8, "e-2-1")),
                invoke(2400, 2, LockOps.RELEASE, lock(8)), ok(2410, 2, LockOps.RELEASE, lock(8)),
                invoke(5200, 1, LockOps.APPEND, append(7, "e-1-1")),
                done(5210, OpType.FAIL, 1, LockOps.APPEND, append(7, "e-1-1"), LockOps.STALE_TOKEN),
                invoke(5300, 1, LockOps.RELEASE, lock(7)),
                done(5310, OpType.FAIL, 1, LockOps.RELEASE, lock(7), LockOps.NOT_HELD))));
        assertEquals(1, w.count());
        UnsafeWindow only = w.windows().get(0);
        assertEquals(3150.0, only.millis(), "from process 2's :ok at 2150 to process 1's release invoked at 5300");
        assertEquals(UnsafeWindow.Bound.RELEASED, only.bound());
        assertEquals(new UnsafeWindow.Writes(0, 1, 0, 0), only.writes());
        assertEquals(Process.client(1), only.holder());
        assertEquals(7L, only.holderToken());
        assertEquals(8L, only.successorToken());
        assertEquals(OptionalDouble.empty(), only.noticeMillis(), "never told");
        assertEquals("process 1 kept writing for 3.150 s after process 2 was granted job-0 (token 8), until its"
                + " release, with 1 write inside (1 refused as stale); it was never told.", only.sentence(p -> "process " + p));
        assertEquals("1 unsafe window: worst 3150 ms, median 3150 ms, total 3150 ms; 0 of 1 told of the loss", w.summary());
    }

    @Test
    void aBackendWithoutALossNoticeIsSaidToBeUnableToTellNotSilent() {
        UnsafeWindows history = UnsafeWindows.of(History.of(List.of(
                invoke(0, 1, LockOps.ACQUIRE, lock()), ok(100, 1, LockOps.ACQUIRE, lock(7)),
                invoke(2000, 2, LockOps.ACQUIRE, lock()), ok(2150, 2, LockOps.ACQUIRE, lock(8)),
                invoke(5300, 1, LockOps.RELEASE, lock(7)), ok(5310, 1, LockOps.RELEASE, lock(7)))));
        UnsafeWindows cannot = history.toldBy(new LossNotice("spring-jdbc", Optional.empty()));
        UnsafeWindows can = history.toldBy(new LossNotice("etcd", Optional.of("jetcd's keep-alive ending")));
        UnsafeWindow only = history.windows().get(0);
        assertEquals("process 1 went on for 3.150 s after process 2 was granted job-0 (token 8), until its release, with no write inside;"
                + " it could not be told (spring-jdbc has no loss notice).", cannot.sentence(only, p -> "process " + p));
        assertEquals("1 unsafe window: worst 3150 ms, median 3150 ms, total 3150 ms; 0 of 1 told of the loss"
                + " (spring-jdbc has no loss notice)", cannot.summary());
        assertEquals(only.sentence(p -> "process " + p), can.sentence(only, p -> "process " + p), "etcd can tell: never told");
        assertTrue(can.sentence(only, p -> "process " + p).endsWith("; it was never told."));
        assertEquals(history.summary(), can.summary());
        assertEquals(cannot.notice(), cannot.onLocks(List.of(LOCK)).notice(), "a lane's windows keep the backend's notice");
    }

    @Test
    void theWindowStartsAtTheGrantsCompletionAndAWriteCompletedAfterAPartitionIsNotInside() {
        // Process 2's acquire is invoked during a partition at 500 and completes at 2150 when it heals;
        // process 1's append, invoked at 1000 before that grant, completes :ok only at 6000.
        UnsafeWindows w = UnsafeWindows.of(History.of(List.of(
                invoke(0, 1, LockOps.ACQUIRE, lock()), ok(100, 1, LockOps.ACQUIRE, lock(7)),
                invoke(500, 2, LockOps.ACQUIRE, lock()),
                invoke(1000, 1, LockOps.APPEND, append(7, "e-1-1")),
                ok(2150, 2, LockOps.ACQUIRE, lock(8)),
                invoke(2400, 2, LockOps.RELEASE, lock(8)), ok(2410, 2, LockOps.RELEASE, lock(8)),
                ok(6000, 1, LockOps.APPEND, append(7, "e-1-1")),
                invoke(6100, 1, LockOps.RELEASE, lock(7)), ok(6120, 1, LockOps.RELEASE, lock(7)))));
        assertEquals(1, w.count());
        assertEquals(3950.0, w.windows().get(0).millis());
        assertEquals(UnsafeWindow.Writes.NONE, w.windows().get(0).writes(),
                "invoked before the successor's grant, the append may have been applied before it");
    }

    @Test
    void aWindowEndsAtTheHoldersLastEventWhenItNeverReleased() {
        UnsafeWindows w = UnsafeWindows.of(History.of(List.of(
                invoke(0, 1, LockOps.ACQUIRE, lock()), ok(100, 1, LockOps.ACQUIRE, lock(7)),
                invoke(2000, 2, LockOps.ACQUIRE, lock()), ok(2000, 2, LockOps.ACQUIRE, lock(8)),
                invoke(3000, 1, LockOps.APPEND, append(7, "e-1-1")),
                done(3500, OpType.INFO, 1, LockOps.APPEND, append(7, "e-1-1"), Value.kw("timeout")),
                invoke(4000, 2, LockOps.RELEASE, lock(8)), ok(4010, 2, LockOps.RELEASE, lock(8)),
                invoke(9000, 2, LockOps.ACQUIRE, lock()), ok(9010, 2, LockOps.ACQUIRE, lock(9)))));
        assertEquals(1, w.count(), "the grant at 9010 came after process 1's last event (3500): not certainly inside");
        UnsafeWindow only = w.windows().get(0);
        assertEquals(1500.0, only.millis());
        assertEquals(UnsafeWindow.Bound.LAST_OP, only.bound());
        assertEquals(new UnsafeWindow.Writes(0, 0, 1, 0), only.writes());
        CheckResult holds = new HoldsCheck().check(History.of(List.of(
                invoke(0, 1, LockOps.ACQUIRE, lock()), ok(100, 1, LockOps.ACQUIRE, lock(7)),
                invoke(2000, 2, LockOps.ACQUIRE, lock()), ok(2000, 2, LockOps.ACQUIRE, lock(8)),
                invoke(3000, 1, LockOps.APPEND, append(7, "e-1-1")),
                invoke(4000, 2, LockOps.RELEASE, lock(8)), ok(4010, 2, LockOps.RELEASE, lock(8)))),
                CheckOptions.defaults());
        assertTrue(holds.summary().startsWith("1 hold began"), holds.summary());
        UnsafeWindows unanswered = UnsafeWindows.of(History.of(List.of(
                invoke(0, 1, LockOps.ACQUIRE, lock()), ok(100, 1, LockOps.ACQUIRE, lock(7)),
                invoke(2000, 2, LockOps.ACQUIRE, lock()), ok(2000, 2, LockOps.ACQUIRE, lock(8)),
                invoke(3000, 1, LockOps.APPEND, append(7, "e-1-1")),
                invoke(4000, 2, LockOps.RELEASE, lock(8)), ok(4010, 2, LockOps.RELEASE, lock(8)))));
        assertEquals(1000.0, unanswered.windows().get(0).millis(), "an append never answered: its invocation is the last event");
        assertEquals(new UnsafeWindow.Writes(0, 0, 1, 0), unanswered.windows().get(0).writes());
    }

    @Test
    void twoSuccessiveSuccessorsEachHaveAWindowAndTheTotalCountsTheHolderOnce() {
        List<Op> events = new ArrayList<>(List.of(
                invoke(0, 1, LockOps.ACQUIRE, lock()), ok(10, 1, LockOps.ACQUIRE, lock(7)),
                invoke(2900, 2, LockOps.ACQUIRE, lock()), ok(3000, 2, LockOps.ACQUIRE, lock(8)),
                invoke(3500, 2, LockOps.RELEASE, lock(8)), ok(3510, 2, LockOps.RELEASE, lock(8)),
                invoke(3900, 3, LockOps.ACQUIRE, lock()), ok(4000, 3, LockOps.ACQUIRE, lock(9)),
                invoke(4500, 3, LockOps.RELEASE, lock(9)), ok(4510, 3, LockOps.RELEASE, lock(9)),
                invoke(7000, 1, LockOps.APPEND, append(7, "e-1-1")), ok(7010, 1, LockOps.APPEND, append(7, "e-1-1")),
                invoke(8000, 1, LockOps.RELEASE, lock(7)), ok(8010, 1, LockOps.RELEASE, lock(7))));
        events.add(notice(3200, 1, 7));
        events.add(notice(3300, 1, 99)); // another grant's notice: not this hold's
        UnsafeWindows w = UnsafeWindows.of(History.of(events));
        assertEquals(2, w.count());
        assertEquals(5000.0, w.windows().get(0).millis());
        assertEquals(4000.0, w.windows().get(1).millis());
        assertEquals(Process.client(2), w.windows().get(0).successor());
        assertEquals(new UnsafeWindow.Writes(1, 0, 0, 0), w.windows().get(1).writes());
        assertEquals(5000.0, w.worstMs());
        assertEquals(4500.0, w.medianMs());
        assertEquals(5000.0, w.totalMs(), "process 3's window lies inside process 2's: one holder, counted once");
        assertEquals(OptionalDouble.of(200.0), w.windows().get(0).noticeMillis());
        assertEquals(OptionalDouble.of(-800.0), w.windows().get(1).noticeMillis(), "told before process 3's grant");
        assertEquals(2, w.told());
        assertTrue(w.windows().get(1).sentence(p -> "worker-" + p).endsWith("it was told 0.800 s before that grant."));
    }

    @Test
    void aNoticeToldDuringTheReleaseIsTheGrantsByItsTokenAndSaysItCameTooLate() {
        List<Op> events = new ArrayList<>(List.of(
                invoke(0, 1, LockOps.ACQUIRE, lock()), ok(10, 1, LockOps.ACQUIRE, lock(7)),
                invoke(2900, 2, LockOps.ACQUIRE, lock()), ok(3000, 2, LockOps.ACQUIRE, lock(8)),
                invoke(8000, 1, LockOps.RELEASE, lock(7)), ok(8400, 1, LockOps.RELEASE, lock(7)),
                invoke(8500, 2, LockOps.RELEASE, lock(8)), ok(8510, 2, LockOps.RELEASE, lock(8))));
        events.add(notice(8100, 1, 7));
        UnsafeWindow w = UnsafeWindows.of(History.of(events)).windows().get(0);
        assertEquals(5000.0, w.millis());
        assertEquals(OptionalDouble.of(5100.0), w.noticeMillis());
        assertTrue(w.sentence(p -> "process " + p).endsWith("it was told only 5.100 s after that grant, 0.100 s after it"
                + " had stopped."), w.sentence(p -> "process " + p));
    }

    @Test
    void aHolderToldInsideTheWindowThatThenDoesNothingMoreStopsBelievingAtTheNotice() {
        // Process 1 is told at 4000, 1 s after process 2's grant, and then only releases (8000).
        List<Op> events = new ArrayList<>(List.of(
                invoke(0, 1, LockOps.ACQUIRE, lock()), ok(10, 1, LockOps.ACQUIRE, lock(7)),
                invoke(20, 1, LockOps.READ, read(7)), ok(30, 1, LockOps.READ, read(7)),
                invoke(2900, 2, LockOps.ACQUIRE, lock()), ok(3000, 2, LockOps.ACQUIRE, lock(8)),
                invoke(8000, 1, LockOps.RELEASE, lock(7)), ok(8010, 1, LockOps.RELEASE, lock(7)),
                invoke(8500, 2, LockOps.RELEASE, lock(8)), ok(8510, 2, LockOps.RELEASE, lock(8))));
        events.add(notice(4000, 1, 7));
        UnsafeWindows all = UnsafeWindows.of(History.of(events));
        assertEquals(1, all.count());
        UnsafeWindow w = all.windows().get(0);
        assertEquals(1000.0, w.millis(), "from process 2's grant at 3000 to the notice at 4000, not to the release at 8000");
        assertEquals(UnsafeWindow.Bound.TOLD, w.bound());
        assertEquals(OptionalDouble.of(1000.0), w.noticeMillis());
        assertEquals("process 1 went on for 1.000 s after process 2 was granted job-0 (token 8), until its library told"
                + " it the lock was lost, with no write inside; it was told 1.000 s after that grant.",
                w.sentence(p -> "process " + p));
    }

    @Test
    void aHolderToldBeforeTheSuccessorsGrantThatThenDoesNothingMoreHasNoWindow() {
        // Process 1 is told at 2500 (its session suspended), process 2 is granted at 3000; process 1 only releases.
        List<Op> events = new ArrayList<>(List.of(
                invoke(0, 1, LockOps.ACQUIRE, lock()), ok(10, 1, LockOps.ACQUIRE, lock(7)),
                invoke(2900, 2, LockOps.ACQUIRE, lock()), ok(3000, 2, LockOps.ACQUIRE, lock(8)),
                invoke(8000, 1, LockOps.RELEASE, lock(7)), ok(8010, 1, LockOps.RELEASE, lock(7)),
                invoke(8500, 2, LockOps.RELEASE, lock(8)), ok(8510, 2, LockOps.RELEASE, lock(8))));
        events.add(notice(2500, 1, 7));
        assertEquals(0, UnsafeWindows.of(History.of(events)).count(),
                "its belief ended at 2500; the holds check still sees the overlap of acquire and release");
    }

    @Test
    void aHolderThatReadsAfterItsNoticeStillBelievedUntilItsRelease() {
        List<Op> events = new ArrayList<>(List.of(
                invoke(0, 1, LockOps.ACQUIRE, lock()), ok(10, 1, LockOps.ACQUIRE, lock(7)),
                invoke(2900, 2, LockOps.ACQUIRE, lock()), ok(3000, 2, LockOps.ACQUIRE, lock(8)),
                invoke(5000, 1, LockOps.READ, read(7)), ok(5010, 1, LockOps.READ, read(7)),
                invoke(8000, 1, LockOps.RELEASE, lock(7)), ok(8010, 1, LockOps.RELEASE, lock(7)),
                invoke(8500, 2, LockOps.RELEASE, lock(8)), ok(8510, 2, LockOps.RELEASE, lock(8))));
        events.add(notice(4000, 1, 7));
        UnsafeWindow w = UnsafeWindows.of(History.of(events)).windows().get(0);
        assertEquals(5000.0, w.millis(), "it read at 5000, after being told at 4000: it acted on the grant still");
        assertEquals(UnsafeWindow.Bound.RELEASED, w.bound());
    }

    @Test
    void aValidHistoryHasNoWindowAndLanesKeepTheirOwnLocks() {
        assertEquals(UnsafeWindows.NONE, UnsafeWindows.of(LockHistories.valid(3, 2_000, 4, 2)));
        assertEquals("no unsafe window", UnsafeWindows.NONE.summary());
        UnsafeWindows invalid = UnsafeWindows.of(LockHistories.generate(5, 2_000, 3, 1, Fencing.FENCED,
                LockAnomaly.EXPIRED_LEASE).history());
        assertTrue(invalid.count() >= 1, invalid.summary());
        assertEquals(0, invalid.onLocks(List.of("another-lock")).count());
        assertEquals(invalid.count(), invalid.onLocks(invalid.windows().stream().map(UnsafeWindow::lock).toList()).count());
    }

    @Test
    void aHistoryWithoutTimesIsNotMeasuredRatherThanSafe() {
        UnsafeWindows w = UnsafeWindows.of(History.of(List.of(
                new Op(0, Op.NO_TIME, OpType.INVOKE, Process.client(1), LockOps.ACQUIRE, lock()))));
        assertTrue(w.unmeasurable().isPresent());
        assertTrue(w.summary().startsWith("unsafe windows not measured"), w.summary());
    }

    @Test
    void lossNoticesChangeNoVerdict() {
        for (LockAnomaly anomaly : List.of(LockAnomaly.EXPIRED_LEASE, LockAnomaly.LOST_UPDATE)) {
            History plain = LockHistories.generate(9, 3_000, 3, 2, Fencing.FENCED, anomaly).history();
            List<Op> events = new ArrayList<>(plain.ops());
            for (Op op : plain.ops()) {
                if (op.f().equals(LockOps.ACQUIRE) && op.type() == OpType.OK && op.process() instanceof Process.Client c) {
                    events.add(new Op(0, op.time() + 1, OpType.INFO, LockOps.NOTICE, LockOps.LOSS_NOTICE,
                            LockOps.lossNotice(LockOps.lockOrKey(op.value()).orElseThrow(),
                                    OptionalLong.of(LockOps.token(op.value()).orElse(0L)), c.id(), "suspended")));
                }
            }
            events.sort(java.util.Comparator.comparingLong(Op::time));
            History told = History.of(events);
            List<CheckResult> before = new LockChecks().checkEach(plain, CheckOptions.defaults());
            List<CheckResult> after = new LockChecks().checkEach(told, CheckOptions.defaults());
            for (int i = 0; i < before.size(); i++) {
                assertEquals(before.get(i).valid(), after.get(i).valid(), before.get(i).check() + " under " + anomaly);
                assertEquals(before.get(i).summary(), after.get(i).summary(), before.get(i).check() + " under " + anomaly);
            }
        }
    }

    private static Value lock() {
        return LockOps.lock(LOCK, OptionalLong.empty());
    }

    private static Value lock(long token) {
        return LockOps.lock(LOCK, OptionalLong.of(token));
    }

    private static Value append(long token, String id) {
        return LockOps.append(LOCK, OptionalLong.of(token), id, Optional.empty());
    }

    private static Value read(long token) {
        return LockOps.read(LOCK, OptionalLong.of(token), Optional.empty());
    }

    private static Op notice(long ms, int holder, long token) {
        return new Op(0, ms * 1_000_000, OpType.INFO, LockOps.NOTICE, LockOps.LOSS_NOTICE,
                LockOps.lossNotice(LOCK, OptionalLong.of(token), holder, "suspended"));
    }

    private static Op invoke(long ms, int process, String f, Value value) {
        return done(ms, OpType.INVOKE, process, f, value, Value.NIL);
    }

    private static Op ok(long ms, int process, String f, Value value) {
        return done(ms, OpType.OK, process, f, value, Value.NIL);
    }

    private static Op done(long ms, OpType type, int process, String f, Value value, Value error) {
        return new Op(0, ms * 1_000_000, type, Process.client(process), f, value, error, java.util.Map.of());
    }
}
