package io.lockchaos.workloads.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.history.format.JsonLinesHistoryReader;
import io.lockchaos.history.format.JsonLinesHistoryWriter;
import io.lockchaos.history.ops.LockOps;
import io.lockchaos.testkit.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The worker loop against an in-process lock and store; histories read back through the checker's reader. */
class WorkerLoopTest {

    @TempDir
    Path dir;

    private static WorkerSettings settings(Duration duration) {
        return new WorkerSettings(0, 3, 1, List.of("job-0"), duration, Duration.ZERO, Duration.ZERO, Duration.ofSeconds(1), 7);
    }

    /** Runs the loop until the lock's script is played, then reads the history file back. */
    private History run(FakeLock lock, FakeStorage storage) {
        return run(lock, storage, settings(Duration.ofHours(1)));
    }

    private History run(FakeLock lock, FakeStorage storage, WorkerSettings settings) {
        Path file = dir.resolve("history.jsonl");
        AtomicReference<WorkerLoop> loop = new AtomicReference<>();
        lock.whenScriptDone(() -> loop.get().stop());
        try (OpRecorder recorder = new OpRecorder(JsonLinesHistoryWriter.open(file), System.nanoTime(), System::nanoTime)) {
            loop.set(new WorkerLoop(settings, lock, storage, recorder));
            loop.get().run();
        }
        return new JsonLinesHistoryReader().read(file);
    }

    private static String shape(Op op) {
        return op.process() + " " + op.type().keyword() + " " + op.f() + " " + op.value()
                + (op.error().isNil() ? "" : " " + op.error());
    }

    private static List<String> shapes(History h) {
        return h.ops().stream().map(WorkerLoopTest::shape).toList();
    }

    @Test
    void noOperationStartsOnceTheHistoryIsClosed() {
        Path file = dir.resolve("history.jsonl");
        FakeStorage storage = new FakeStorage();
        WorkerLoop loop;
        try (OpRecorder recorder = new OpRecorder(JsonLinesHistoryWriter.open(file), System.nanoTime(), System::nanoTime)) {
            // The stop grace ran out: the history closes while the loop goes on (granted a lock).
            FakeLock lock = new FakeLock().then(FakeLock.Next.GRANT).whenScriptDone(recorder::close);
            loop = new WorkerLoop(settings(Duration.ofSeconds(5)), lock, storage, recorder);
            loop.run();
        }
        assertTrue(loop.stopped(), "the loop ends at the closed history, not at the end of its 5 s");
        assertEquals(List.of("e-0-1"), storage.readAll("job-0").stream().map(e -> e.id()).toList(),
                "the ledger holds only the append the history shows");
        assertEquals("0 invoke acquire {:lock \"job-0\"}", shapes(new JsonLinesHistoryReader().read(file)).get(8),
                "the acquire started before the close is recorded, its completion is not");
    }

    @Test
    void cyclesAreRecordedInTheDesignsShapeWithIncreasingTimes() {
        FakeStorage storage = new FakeStorage();
        History h = run(new FakeLock().then(FakeLock.Next.GRANT, FakeLock.Next.GRANT), storage);
        assertEquals(List.of(
                "0 invoke acquire {:lock \"job-0\"}",
                "0 ok acquire {:lock \"job-0\", :token 1}",
                "0 invoke read {:key \"job-0\", :token 1}",
                "0 ok read {:key \"job-0\", :token 1, :last nil}",
                "0 invoke append {:key \"job-0\", :token 1, :id \"e-0-1\", :prev nil}",
                "0 ok append {:key \"job-0\", :token 1, :id \"e-0-1\", :prev nil}",
                "0 invoke release {:lock \"job-0\", :token 1}",
                "0 ok release {:lock \"job-0\", :token 1}",
                "0 invoke acquire {:lock \"job-0\"}",
                "0 ok acquire {:lock \"job-0\", :token 2}",
                "0 invoke read {:key \"job-0\", :token 2}",
                "0 ok read {:key \"job-0\", :token 2, :last \"e-0-1\"}",
                "0 invoke append {:key \"job-0\", :token 2, :id \"e-0-2\", :prev \"e-0-1\"}",
                "0 ok append {:key \"job-0\", :token 2, :id \"e-0-2\", :prev \"e-0-1\"}",
                "0 invoke release {:lock \"job-0\", :token 2}",
                "0 ok release {:lock \"job-0\", :token 2}",
                "0 invoke acquire {:lock \"job-0\"}",
                "0 fail acquire {:lock \"job-0\"} :timeout"), shapes(h));
        long previous = 0;
        for (Op op : h.ops()) {
            assertTrue(op.time() >= previous, "times never go back: " + op);
            previous = op.time();
        }
        assertEquals(List.of("e-0-1", "e-0-2"), storage.readAll("job-0").stream().map(e -> e.id()).toList());
        assertEquals(0, storage.readAll("job-0").get(1).writer());
    }

    private static WorkerSettings reentering() {
        return new WorkerSettings(0, 3, 1, List.of("job-0"), Duration.ofHours(1), Duration.ZERO, Duration.ZERO,
                Duration.ofSeconds(1), 7, Duration.ZERO, true);
    }

    @Test
    void aReenteringWorkerAsksAgainWhileHoldingWorksAndReleasesTwice() {
        FakeStorage storage = new FakeStorage();
        FakeLock lock = new FakeLock().then(FakeLock.Next.GRANT, FakeLock.Next.GRANT_AGAIN);
        History h = run(lock, storage, reentering());
        assertEquals(List.of(
                "0 invoke acquire {:lock \"job-0\"}",
                "0 ok acquire {:lock \"job-0\", :token 1}",
                "0 invoke acquire {:lock \"job-0\", :reentry true}",
                "0 ok acquire {:lock \"job-0\", :token 1, :reentry true}",
                "0 invoke read {:key \"job-0\", :token 1}",
                "0 ok read {:key \"job-0\", :token 1, :last nil}",
                "0 invoke append {:key \"job-0\", :token 1, :id \"e-0-1\", :prev nil}",
                "0 ok append {:key \"job-0\", :token 1, :id \"e-0-1\", :prev nil}",
                "0 invoke release {:lock \"job-0\", :token 1, :reentry true}",
                "0 ok release {:lock \"job-0\", :token 1, :reentry true}",
                "0 invoke release {:lock \"job-0\", :token 1}",
                "0 ok release {:lock \"job-0\", :token 1}",
                "0 invoke acquire {:lock \"job-0\"}",
                "0 fail acquire {:lock \"job-0\"} :timeout"), shapes(h));
        assertEquals(2, lock.releases, "one release per grant");
    }

    @Test
    void anUnknownReentryDoesNoWorkReleasesTheFirstGrantAndRetires() {
        FakeStorage storage = new FakeStorage();
        History h = run(new FakeLock().then(FakeLock.Next.GRANT, FakeLock.Next.THROW), storage, reentering());
        assertEquals(List.of(
                "0 invoke acquire {:lock \"job-0\"}",
                "0 ok acquire {:lock \"job-0\", :token 1}",
                "0 invoke acquire {:lock \"job-0\", :reentry true}",
                "0 info acquire {:lock \"job-0\", :reentry true} \"IllegalStateException: connection reset\"",
                "0 invoke release {:lock \"job-0\", :token 1}",
                "0 ok release {:lock \"job-0\", :token 1}",
                "3 invoke acquire {:lock \"job-0\"}",
                "3 fail acquire {:lock \"job-0\"} :timeout"), shapes(h),
                "the process may still hold a grant its one release did not give back: it goes on as process 3");
        assertTrue(storage.readAll("job-0").isEmpty());
    }

    @Test
    void aRefusedReentryWorksUnderTheFirstGrant() {
        FakeStorage storage = new FakeStorage();
        History h = run(new FakeLock().then(FakeLock.Next.GRANT, FakeLock.Next.REFUSE), storage, reentering());
        assertEquals("0 fail acquire {:lock \"job-0\", :reentry true} :timeout", shapes(h).get(3));
        assertEquals(List.of("e-0-1"), storage.readAll("job-0").stream().map(e -> e.id()).toList());
        assertEquals("0 ok release {:lock \"job-0\", :token 1}", shapes(h).get(9));
    }

    @Test
    void aThrowingAcquireIsInfoAndTheWorkerGoesOnAsANewProcess() {
        History h = run(new FakeLock().then(FakeLock.Next.THROW, FakeLock.Next.GRANT), new FakeStorage());
        Op info = h.ops().get(1);
        assertEquals(OpType.INFO, info.type());
        assertEquals(Value.of("IllegalStateException: connection reset"), info.error());
        assertEquals(Process.client(3), h.ops().get(2).process(), "process 0 retired, 0 + 3 workers goes on");
        assertEquals(Process.client(3), h.ops().get(h.size() - 1).process());
    }

    @Test
    void aRefusalIsFailOnlyWhenTheClientIsCertainItHoldsNothing() {
        History h = run(new FakeLock().then(FakeLock.Next.REFUSE, FakeLock.Next.UNSURE), new FakeStorage());
        assertEquals(List.of(
                "0 invoke acquire {:lock \"job-0\"}",
                "0 fail acquire {:lock \"job-0\"} :timeout",
                "0 invoke acquire {:lock \"job-0\"}",
                "0 info acquire {:lock \"job-0\"} :timeout",
                "3 invoke acquire {:lock \"job-0\"}",
                "3 fail acquire {:lock \"job-0\"} :timeout"), shapes(h));
    }

    @Test
    void aThrowingReadIsInfoSkipsTheAppendAndTheOwnerStillReleases() {
        FakeStorage storage = new FakeStorage();
        storage.failNextRead = true;
        History h = run(new FakeLock().then(FakeLock.Next.GRANT), storage);
        assertEquals(List.of("0 invoke acquire", "0 ok acquire", "0 invoke read", "0 info read",
                "0 invoke release", "0 ok release", "0 invoke acquire", "0 fail acquire"), brief(h));
        assertEquals(Value.of("IllegalStateException: read timed out"), h.ops().get(3).error());
    }

    @Test
    void aThrowingAppendIsInfo() {
        FakeStorage storage = new FakeStorage();
        storage.failNextAppend = true;
        History h = run(new FakeLock().then(FakeLock.Next.GRANT), storage);
        assertEquals("0 info append {:key \"job-0\", :token 1, :id \"e-0-1\", :prev nil}"
                + " \"IllegalStateException: append timed out\"", shape(h.ops().get(5)));
    }

    @Test
    void staleTokensFailTheReadAndTheAppendIsNotTried() {
        FakeStorage storage = new FakeStorage();
        storage.forceHighest = 100;
        History h = run(new FakeLock().then(FakeLock.Next.GRANT), storage);
        assertEquals("0 fail read {:key \"job-0\", :token 1} :stale-token", shape(h.ops().get(3)));
        assertEquals(List.of("0 invoke acquire", "0 ok acquire", "0 invoke read", "0 fail read",
                "0 invoke release", "0 ok release", "0 invoke acquire", "0 fail acquire"), brief(h));
        assertTrue(storage.readAll("job-0").isEmpty());
    }

    @Test
    void aGrantKnownLostSkipsTheCriticalSection() {
        FakeStorage storage = new FakeStorage();
        History h = run(new FakeLock().then(FakeLock.Next.GRANT_LOST), storage);
        assertEquals(List.of("0 invoke acquire", "0 ok acquire", "0 invoke release", "0 ok release",
                "0 invoke acquire", "0 fail acquire"), brief(h));
        assertTrue(storage.readAll("job-0").isEmpty());
    }

    @Test
    void aLibrarysLossNoticeIsRecordedFromItsOwnThreadAsAStandaloneEventNamingTheHolder() {
        Path file = dir.resolve("told.jsonl");
        FakeLock lock = new FakeLock().then(FakeLock.Next.GRANT_TOLD_LOST);
        try (OpRecorder recorder = new OpRecorder(JsonLinesHistoryWriter.open(file), System.nanoTime(), System::nanoTime)) {
            WorkerLoop loop = new WorkerLoop(settings(Duration.ofHours(1)), lock, new FakeStorage(), recorder);
            lock.whenScriptDone(() -> {
                Await.until(Duration.ofSeconds(30), "the notice was recorded beside the loop's 5 events so far",
                        () -> recorder.written() >= 6);
                loop.stop();
            });
            loop.run();
        }
        History h = new JsonLinesHistoryReader().read(file);
        Op notice = h.ops().stream().filter(LockOps::isLossNotice).findFirst().orElseThrow();
        assertEquals("notice info lost {:lock \"job-0\", :token 1, :process 0, :reason \"suspended\"}", shape(notice));
        assertTrue(notice.time() >= h.ops().get(1).time(), "stamped with the loop's clock, after the grant");
        assertEquals(List.of("0 invoke acquire", "0 ok acquire", "0 invoke release", "0 ok release",
                "0 invoke acquire", "0 fail acquire"), brief(h).stream().filter(e -> !e.startsWith("notice")).toList());
    }

    @Test
    void aThrowingReleaseIsInfoAndRetiresTheProcess() {
        History h = run(new FakeLock().then(FakeLock.Next.GRANT).releaseThrows(), new FakeStorage());
        assertEquals(List.of("0 invoke acquire", "0 ok acquire", "0 invoke read", "0 ok read", "0 invoke append",
                "0 ok append", "0 invoke release", "0 info release", "3 invoke acquire", "3 fail acquire"), brief(h));
    }

    @Test
    void stopFromAnotherThreadEndsTheLoopAfterItsCycleReleases() throws InterruptedException {
        Path file = dir.resolve("stopped.jsonl");
        FakeLock lock = new FakeLock();
        Thread worker;
        try (OpRecorder recorder = new OpRecorder(JsonLinesHistoryWriter.open(file), System.nanoTime(), System::nanoTime)) {
            WorkerLoop loop = new WorkerLoop(settings(Duration.ofHours(1)), lock, new FakeStorage(), recorder);
            worker = new Thread(loop::run, "worker");
            worker.start();
            Await.until(Duration.ofSeconds(60), "the loop ran 40 operations", () -> recorder.written() >= 40);
            loop.stop();
            worker.join(Await.scaled(Duration.ofSeconds(60)).toMillis());
            assertFalse(worker.isAlive(), "the loop ended after stop()");
        }
        History h = new JsonLinesHistoryReader().read(file);
        Op last = h.ops().get(h.size() - 1);
        assertEquals("release", last.f());
        assertEquals(OpType.OK, last.type());
        assertEquals(lock.acquires, lock.releases, "every grant was released");
    }

    private static List<String> brief(History h) {
        return h.ops().stream().map(op -> op.process() + " " + op.type().keyword() + " " + op.f()).toList();
    }

    @Test
    void onTicksEachAcquireIsMadeForTheNextTickOfTheWorkersClockAndOnlyAGrantRunsTheJob() {
        Path file = dir.resolve("history.jsonl");
        FakeLock lock = new FakeLock().then(FakeLock.Next.GRANT, FakeLock.Next.REFUSE, FakeLock.Next.GRANT);
        AtomicReference<WorkerLoop> loop = new AtomicReference<>();
        lock.whenScriptDone(() -> loop.get().stop());
        long period = 100;
        long before = System.currentTimeMillis() / period;
        try (OpRecorder recorder = new OpRecorder(JsonLinesHistoryWriter.open(file), System.nanoTime(), System::nanoTime)) {
            loop.set(new WorkerLoop(new WorkerSettings(0, 3, 1, List.of("job-0"), Duration.ofHours(1), Duration.ZERO,
                    Duration.ZERO, Duration.ofSeconds(1), 7, Duration.ofMillis(period), false), lock, new FakeStorage(), recorder));
            loop.get().run();
        }
        long after = System.currentTimeMillis() / period;
        History h = new JsonLinesHistoryReader().read(file);
        List<Op> acquires = h.ops().stream().filter(op -> op.f().equals(LockOps.ACQUIRE) && op.isInvoke()).toList();
        List<Long> ticks = acquires.stream().map(op -> LockOps.tick(op.value()).orElseThrow()).toList();
        assertEquals(4, ticks.size(), "three scripted acquires and the one that stops the loop: " + shapes(h));
        assertTrue(ticks.get(0) > before && ticks.get(3) <= after, ticks + " within (" + before + ", " + after + "]");
        for (int i = 1; i < ticks.size(); i++) {
            assertTrue(ticks.get(i) > ticks.get(i - 1), "one acquire per tick, each tick once: " + ticks);
        }
        // A loaded machine may wake the loop late and skip a tick, so the bound is by the ticks it made.
        long spread = acquires.get(3).time() - acquires.get(0).time();
        assertTrue(spread > (ticks.get(3) - ticks.get(0) - 1) * period * 1_000_000L, "the acquires wait for their"
                + " ticks (the first may start late in its tick): " + spread + " ns for ticks " + ticks);
        assertEquals(2, h.ops().stream().filter(op -> op.f().equals(LockOps.APPEND) && op.isInvoke()).count(),
                "the job ran on the two granted ticks only: " + shapes(h));
        assertEquals(ticks.get(0), LockOps.tick(h.ops().stream().filter(op -> op.f().equals(LockOps.ACQUIRE)
                && op.type() == OpType.OK).findFirst().orElseThrow().value()).orElseThrow(), "the grant names its tick");
    }
}
