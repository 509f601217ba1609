package io.lockchaos.checker.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.history.ops.LockOps;
import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.history.ops.Reentrancy;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Margins of hand-written histories (times in ms) and of the lock fixtures, known to the millisecond. */
class NearMissTest {

    private static final String LOCK = "job-0";
    private static final Duration TEN_SECONDS = Duration.ofSeconds(10);

    @Test
    void aHoldLeavesTheTermMinusItsLengthAndTheClosestHoldWins() {
        NearMiss m = NearMiss.of(History.of(List.of(
                new Op(0, 500_000_000L, OpType.INFO, Process.NEMESIS, NemesisOps.SCHEDULE_START, Value.map()),
                invoke(1000, 0, LockOps.ACQUIRE, lock()), ok(1010, 0, LockOps.ACQUIRE, lock()),
                invoke(1030, 0, LockOps.RELEASE, lock()), ok(1040, 0, LockOps.RELEASE, lock()),
                invoke(1050, 1, LockOps.ACQUIRE, lock()), ok(1060, 1, LockOps.ACQUIRE, lock()),
                invoke(7060, 1, LockOps.RELEASE, lock()), ok(7070, 1, LockOps.RELEASE, lock()))),
                Reentrancy.NONE, TEN_SECONDS).orElseThrow();
        assertEquals(4000.0, m.marginMs(), "process 1 held from 1060 to 7060: 6 s of a 10 s lease");
        assertEquals(Optional.of(Process.client(1)), m.holder());
        assertEquals(OptionalLong.of(560), m.sinceScheduleStartMs(), "granted 560 ms after the schedule's start at 500");
        assertEquals("4000 ms of the lease left", m.words());
    }

    @Test
    void aHolderThatNeverReleasesIsMeasuredToItsLastEvent() {
        NearMiss m = NearMiss.of(History.of(List.of(
                invoke(0, 0, LockOps.ACQUIRE, lock()), ok(100, 0, LockOps.ACQUIRE, lock()),
                invoke(200, 0, LockOps.READ, read()), ok(12100, 0, LockOps.READ, read()))),
                Reentrancy.NONE, TEN_SECONDS).orElseThrow();
        assertEquals(-2000.0, m.marginMs(), "last event at 12 100, lease over at 10 100");
        assertEquals(OptionalLong.empty(), m.sinceScheduleStartMs(), "no schedule-start mark");
        assertEquals("2000 ms past the lease", m.words());
    }

    @Test
    void twoHoldersAtOnceWithinTheTermAreAFindingByTheirWindow() {
        NearMiss m = NearMiss.of(History.of(List.of(
                invoke(0, 0, LockOps.ACQUIRE, lock()), ok(100, 0, LockOps.ACQUIRE, lock()),
                invoke(200, 1, LockOps.ACQUIRE, lock()), ok(300, 1, LockOps.ACQUIRE, lock()),
                invoke(1300, 0, LockOps.RELEASE, lock()), ok(1310, 0, LockOps.RELEASE, lock()),
                invoke(1400, 1, LockOps.RELEASE, lock()), ok(1410, 1, LockOps.RELEASE, lock()))),
                Reentrancy.NONE, TEN_SECONDS).orElseThrow();
        assertEquals(-1000.0, m.marginMs(), "process 1 granted at 300 while process 0 held until 1300");
        assertEquals(Optional.empty(), m.holder());
    }

    @Test
    void noHoldNoMargin() {
        assertTrue(NearMiss.of(History.of(List.of(invoke(0, 0, LockOps.ACQUIRE, lock()))), Reentrancy.NONE,
                TEN_SECONDS).isEmpty());
    }

    @Test
    void theFixturesPausedHolderIsPastItsLeaseAndItsTwinIsNot() {
        NearMiss paused = NearMiss.of(HistoryFormats.read(LockFixturesTest.dir().resolve("gc-pause-unfenced.edn")),
                Reentrancy.NONE, TEN_SECONDS).orElseThrow();
        assertEquals(-5060.0, paused.marginMs(), "process 1 granted at 1 010, paused 15 s, released at 16 070");
        assertEquals(Optional.of(Process.client(1)), paused.holder());
        NearMiss twin = NearMiss.of(HistoryFormats.read(LockFixturesTest.dir().resolve("gc-pause-unfenced-twin.edn")),
                Reentrancy.NONE, TEN_SECONDS).orElseThrow();
        assertEquals(8940.0, twin.marginMs(), "process 1 held from 1 010 to 2 070, the longest hold");
        assertEquals(Optional.of(Process.client(1)), twin.holder());
    }

    private static Value lock() {
        return LockOps.lock(LOCK, OptionalLong.empty());
    }

    private static Value read() {
        return LockOps.read(LOCK, OptionalLong.empty(), Optional.empty());
    }

    private static Op invoke(long ms, int process, String f, Value value) {
        return new Op(0, ms * 1_000_000, OpType.INVOKE, Process.client(process), f, value);
    }

    private static Op ok(long ms, int process, String f, Value value) {
        return new Op(0, ms * 1_000_000, OpType.OK, Process.client(process), f, value);
    }
}
