package io.lockchaos.workloads.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.History;
import io.lockchaos.history.format.JsonLinesHistoryReader;
import io.lockchaos.history.format.JsonLinesHistoryWriter;
import io.lockchaos.history.ops.LockOps;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The worker's hold at its next read: once per arming, only while armed, between the read and the append. */
class HoldAtReadTest {

    @TempDir
    Path dir;

    private static long marks(ByteArrayOutputStream err) {
        return err.toString(StandardCharsets.UTF_8).lines().filter(l -> l.equals(HoldAtRead.MARK)).count();
    }

    @Test
    void anArmingHoldsAtTheNextReadOnlyOnceAndSaysSo() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        AtomicLong now = new AtomicLong();
        // Each look at the clock after the mark is a second later, so the 2 s hold ends at once.
        HoldAtRead hold = new HoldAtRead(() -> now.getAndAdd(1_000_000_000L), new PrintStream(err, true, StandardCharsets.UTF_8));
        hold.afterRead();
        assertEquals(0, marks(err), "not armed: no hold");
        hold.arm();
        hold.afterRead();
        hold.afterRead();
        assertEquals(1, marks(err), "armed once: one hold, at the first read after it");
        hold.arm();
        hold.afterRead();
        assertEquals(2, marks(err), "armed again: holds again");
    }

    @Test
    void anArmingOlderThanItsTimeIsDropped() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        AtomicLong now = new AtomicLong();
        HoldAtRead hold = new HoldAtRead(now::get, new PrintStream(err, true, StandardCharsets.UTF_8));
        hold.arm();
        now.addAndGet(HoldAtRead.ARMED_FOR.toNanos() + 1);
        hold.afterRead();
        hold.afterRead();
        assertEquals(0, marks(err), "the harness stopped waiting: no late hold, and the arming is gone");
    }

    @Test
    void theHoldComesWithTheReadRecordedAndBeforeTheAppendAndLastsItsTime() {
        Path file = dir.resolve("history.jsonl");
        AtomicReference<WorkerLoop> loop = new AtomicReference<>();
        AtomicReference<List<String>> recordedAtTheMark = new AtomicReference<>();
        WorkerSettings settings = new WorkerSettings(0, 3, 1, List.of("job-0"), Duration.ofHours(1), Duration.ZERO,
                Duration.ZERO, Duration.ofSeconds(1), 7);
        FakeLock lock = new FakeLock().then(FakeLock.Next.GRANT).whenScriptDone(() -> loop.get().stop());
        long began;
        long held;
        try (OpRecorder recorder = new OpRecorder(JsonLinesHistoryWriter.open(file), System.nanoTime(), System::nanoTime)) {
            PrintStream err = new PrintStream(new java.io.OutputStream() {
                private final StringBuilder line = new StringBuilder();

                @Override
                public void write(int b) {
                    if (b != '\n') {
                        line.append((char) b);
                    } else if (line.toString().equals(HoldAtRead.MARK)) {
                        History h = new JsonLinesHistoryReader().read(file);
                        recordedAtTheMark.set(h.ops().stream().map(op -> op.type().keyword() + " " + op.f()).toList());
                    }
                }
            }, true, StandardCharsets.UTF_8);
            HoldAtRead hold = new HoldAtRead(System::nanoTime, err);
            hold.arm();
            loop.set(new WorkerLoop(settings, lock, new FakeStorage(), recorder, hold::afterRead));
            began = System.nanoTime();
            loop.get().run();
            held = System.nanoTime() - began;
        }
        assertEquals(List.of("invoke acquire", "ok acquire", "invoke " + LockOps.READ, "ok " + LockOps.READ),
                recordedAtTheMark.get(), "the mark follows the recorded read (flushed), and nothing is written yet");
        assertTrue(held >= HoldAtRead.HOLD_FOR.toNanos(), "the thread held still for its time: " + held / 1e6 + " ms");
    }
}
