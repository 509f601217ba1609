package io.lockchaos.checker.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.history.ops.LockOps;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Histories of a job run per tick; times in ms. */
class TicksCheckTest {

    @Test
    void aTickRunByTwoWorkersOneAfterTheOtherIsInvalidThoughTheHoldsNeverOverlapped() {
        History h = History.of(List.of(
                invoke(0, 1, LockOps.ACQUIRE, tick(5)), ok(10, 1, LockOps.ACQUIRE, tick(5)),
                invoke(110, 1, LockOps.RELEASE, lock()), ok(120, 1, LockOps.RELEASE, lock()),
                invoke(800, 0, LockOps.ACQUIRE, tick(5)), ok(812, 0, LockOps.ACQUIRE, tick(5)),
                invoke(900, 0, LockOps.RELEASE, lock()), ok(910, 0, LockOps.RELEASE, lock())));
        CheckResult ticks = new TicksCheck().check(h, CheckOptions.defaults());
        assertEquals(Validity.INVALID, ticks.valid());
        assertEquals("1 tick ran more than once (1 tick run on 1 lock)", ticks.summary());
        assertEquals("The job of job-0 ran 2 times for tick 5: process 1 was granted it at 0.01 s and process 0 was"
                + " granted it at 0.812 s.", ticks.evidence().get(0).explanation());
        assertEquals(Validity.VALID, new MutexCheck().check(h, CheckOptions.defaults()).valid(),
                "the mutex check cannot see it: the holds were one after the other");
    }

    @Test
    void oneRunPerTickIsValidAndARefusedOrUnknownAcquireIsNoRun() {
        History h = History.of(List.of(
                invoke(0, 1, LockOps.ACQUIRE, tick(5)), ok(10, 1, LockOps.ACQUIRE, tick(5)),
                invoke(5, 0, LockOps.ACQUIRE, tick(5)), done(15, OpType.FAIL, 0, LockOps.ACQUIRE, tick(5), LockOps.TIMEOUT),
                invoke(110, 1, LockOps.RELEASE, lock()), ok(120, 1, LockOps.RELEASE, lock()),
                invoke(2000, 0, LockOps.ACQUIRE, tick(6)), done(2500, OpType.INFO, 0, LockOps.ACQUIRE, tick(6), Value.of("timeout")),
                invoke(2001, 1, LockOps.ACQUIRE, tick(6)), ok(2011, 1, LockOps.ACQUIRE, tick(6)),
                invoke(2100, 1, LockOps.RELEASE, lock()), ok(2110, 1, LockOps.RELEASE, lock()),
                invoke(6000, 1, LockOps.ACQUIRE, tick(8)), ok(6010, 1, LockOps.ACQUIRE, tick(8)),
                invoke(6100, 1, LockOps.RELEASE, lock()), ok(6110, 1, LockOps.RELEASE, lock())));
        CheckResult ticks = new TicksCheck().check(h, CheckOptions.defaults());
        assertEquals(Validity.VALID, ticks.valid());
        assertEquals("every tick's job ran once (3 ticks run on 1 lock, 1 missed by every worker)", ticks.summary());
    }

    @Test
    void aHistoryWithoutTicksSaysSo() {
        History h = History.of(List.of(invoke(0, 1, LockOps.ACQUIRE, lock()), ok(10, 1, LockOps.ACQUIRE, lock())));
        CheckResult ticks = new TicksCheck().check(h, CheckOptions.defaults());
        assertEquals(Validity.VALID, ticks.valid());
        assertEquals("no acquire was made for a tick, so no scheduled job ran to check", ticks.summary());
    }

    private static Value lock() {
        return LockOps.lock("job-0", OptionalLong.empty());
    }

    private static Value tick(long tick) {
        return LockOps.ticked(lock(), tick);
    }

    private static Op invoke(long ms, int process, String f, Value value) {
        return done(ms, OpType.INVOKE, process, f, value, Value.NIL);
    }

    private static Op ok(long ms, int process, String f, Value value) {
        return done(ms, OpType.OK, process, f, value, Value.NIL);
    }

    private static Op done(long ms, OpType type, int process, String f, Value value, Value error) {
        return new Op(0, ms * 1_000_000, type, Process.client(process), f, value, error, Map.of());
    }
}
