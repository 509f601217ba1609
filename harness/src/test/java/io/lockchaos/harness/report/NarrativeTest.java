package io.lockchaos.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.lock.UnsafeWindows;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.history.ops.LockOps;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/** "What happened": the real curator-pause run of {@link ReportPageTest}, and hand-written histories (ms). */
class NarrativeTest {

    @Test
    void theCuratorPauseRunIsToldFromTheGrantThroughThePauseToTheLateRelease() {
        Document page = Jsoup.parse(Reports.html(ReportPageTest.fixture(Optional.empty())));
        List<String> lanes = page.select("#what-happened .story h3").eachText();
        assertEquals(List.of("Lane unfenced", "Lane fenced"), lanes);
        List<String> unfenced = page.select("#what-happened .story").get(0).select("li").eachText();
        assertEquals(List.of(
                "At 12.889 s worker-1 (process 0) was granted unfenced-job-0 with token 4294967318.",
                "At 13.506 s the fault that hit it began: pause worker-1, worker-4; it ended at 19.487 s.",
                "At 15.008 s worker-2 (process 1) was granted unfenced-job-0 with token 4294967322: from here two processes"
                        + " believed they held it.",
                "At 19.441 s worker-1 (process 0) appended e-0-2 with token 4294967318: accepted (answered at 19.445 s).",
                "At 19.445 s worker-1 (process 0) released the lock (answered at 19.683 s).",
                "worker-1 (process 0) kept writing for 4.437 s after worker-2 (process 1) was granted unfenced-job-0"
                        + " (token 4294967322), until its release, with 1 write inside (1 acknowledged); it was never told."),
                unfenced);
        assertTrue(unfenced.stream().anyMatch(s -> s.contains("the fault that hit it began: pause worker-")), unfenced.toString());
        assertTrue(unfenced.stream().anyMatch(s -> s.contains("from here two processes believed they held it")),
                unfenced.toString());
        assertTrue(unfenced.get(unfenced.size() - 1).contains(" after worker-"), "ends with the window's sentence: " + unfenced);
    }

    @Test
    void aWindowThatBeganAfterEveryFaultHealedIsFlagged() {
        History h = History.of(List.of(
                nemesis(0, "start-pause", Value.map("targets", Value.vec(Value.of("worker-1")))), nemesis(1000, "stop-pause", Value.NIL),
                invoke(2000, 0, LockOps.ACQUIRE, lock(null)), ok(2010, 0, LockOps.ACQUIRE, lock(7L)),
                invoke(3000, 1, LockOps.ACQUIRE, lock(null)), ok(3010, 1, LockOps.ACQUIRE, lock(8L)),
                invoke(3500, 0, LockOps.APPEND, append(7L, "e-0-1")), ok(3510, 0, LockOps.APPEND, append(7L, "e-0-1")),
                invoke(4000, 0, LockOps.RELEASE, lock(7L)), done(4010, OpType.FAIL, 0, LockOps.RELEASE, lock(7L), LockOps.NOT_HELD),
                invoke(4100, 1, LockOps.RELEASE, lock(8L)), ok(4110, 1, LockOps.RELEASE, lock(8L))));
        Layout layout = new Layout(List.of("unfenced"), 2);
        FaultBands bands = FaultBands.of(h, 4110_000_000L);
        Narrative.Story story = Narrative.of(h, layout, bands.bands(), UnsafeWindows.of(h)).get(0);
        assertTrue(story.afterHeal());
        assertEquals(List.of(
                "At 2.010 s worker-1 (process 0) was granted job-0 with token 7.",
                "At 3.010 s worker-2 (process 1) was granted job-0 with token 8: from here two processes believed they held it.",
                "At 3.500 s worker-1 (process 0) appended e-0-1 with token 7: accepted (answered at 3.510 s).",
                "At 4.000 s worker-1 (process 0) released the lock: not held any more (answered at 4.010 s).",
                "worker-1 (process 0) kept writing for 0.990 s after worker-2 (process 1) was granted job-0 (token 8), until its"
                        + " release, with 1 write inside (1 acknowledged); it was never told.",
                "Every fault had healed before this window began (the last at 1.000 s): the lock let a second holder in"
                        + " with no fault in force."), story.steps());
    }

    @Test
    void aWindowDuringAFaultIsNotFlaggedAndALaneWithoutOneSaysSo() {
        History h = History.of(List.of(
                invoke(0, 0, LockOps.ACQUIRE, lock(null)), ok(10, 0, LockOps.ACQUIRE, lock(7L)),
                nemesis(100, "start-pause", Value.map("targets", Value.vec(Value.of("worker-1")))),
                invoke(3000, 1, LockOps.ACQUIRE, lock(null)), ok(3010, 1, LockOps.ACQUIRE, lock(8L)),
                nemesis(5000, "stop-pause", Value.NIL),
                invoke(5100, 0, LockOps.APPEND, append(7L, "e-0-1")),
                done(5110, OpType.FAIL, 0, LockOps.APPEND, append(7L, "e-0-1"), LockOps.STALE_TOKEN)));
        Layout layout = new Layout(List.of("fenced", "unfenced"), 2);
        List<Narrative.Story> stories = Narrative.of(h, layout, FaultBands.of(h, 5110_000_000L).bands(), UnsafeWindows.of(h));
        Narrative.Story fenced = stories.get(0);
        assertFalse(fenced.afterHeal());
        assertEquals("At 0.100 s the fault that hit it began: pause worker-1; it ended at 5.000 s.", fenced.steps().get(1));
        assertEquals("At 5.100 s worker-1 (process 0) appended e-0-1 with token 7: refused as stale by the fenced store"
                + " (answered at 5.110 s).", fenced.steps().get(3));
        assertEquals(List.of("No holder went on after the lock had been granted to another process: no unsafe window in"
                + " this lane."), stories.get(1).steps());
    }

    private static Value lock(Long token) {
        return LockOps.lock("job-0", token == null ? OptionalLong.empty() : OptionalLong.of(token));
    }

    private static Value append(long token, String id) {
        return LockOps.append("job-0", OptionalLong.of(token), id, Optional.empty());
    }

    private static Op nemesis(long ms, String f, Value value) {
        return new Op(0, ms * 1_000_000, OpType.INFO, Process.NEMESIS, f, value, Value.NIL, Map.of());
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
