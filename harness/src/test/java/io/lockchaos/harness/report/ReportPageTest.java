package io.lockchaos.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.Process;
import io.lockchaos.checker.history.format.HistoryFormats;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * The report of a real run (curator-pause, both lanes, a holder of each paused past its session,
 * recorded by {@code lockchaos run} into src/test/resources/report/curator-pause): what the page
 * and its timeline data hold.
 */
class ReportPageTest {

    static final Path FIXTURE = Path.of("src", "test", "resources", "report", "curator-pause");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final History HISTORY = HistoryFormats.read(FIXTURE.resolve("history.jsonl"));
    private static final JsonNode RESULTS = read(FIXTURE.resolve("results.json"));

    static JsonNode read(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new AssertionError("cannot read " + file, e);
        }
    }

    static ReportData fixture(Optional<String> failure) {
        List<Verdict> verdicts = new ArrayList<>();
        RESULTS.path("checks").fields().forEachRemaining(e -> verdicts.add(Verdict.of(e.getKey(), e.getValue())));
        ReportData.Header header = new ReportData.Header("curator-pause", "a <b>holder</b> paused", 1,
                Duration.ofSeconds(15), "at 4s pause holder-unfenced,holder-fenced for 6s",
                Map.of("mutex", Validity.INVALID, "ledger-fenced", Validity.INVALID), failure, "the run");
        return new ReportData(header, verdicts, new Layout(List.of("unfenced", "fenced"), 2), HISTORY);
    }

    static JsonNode chartData(Document page) {
        Element data = page.getElementById("timeline-data");
        assertNotNull(data, "the timeline's data is in the page");
        try {
            return JSON.readTree(data.data());
        } catch (IOException e) {
            throw new AssertionError("the timeline's data is not JSON: " + data.data(), e);
        }
    }

    private final Document page = Jsoup.parse(Reports.html(fixture(Optional.empty())));
    private final JsonNode chart = chartData(page);

    @Test
    void everyWorkerOfTheHistoryHasARowInItsLane() {
        List<String> rows = new ArrayList<>();
        chart.path("rows").forEach(r -> rows.add(r.path("lane").asText() + "/" + r.path("label").asText()));
        assertEquals(List.of("/nemesis", "unfenced/worker-1", "unfenced/worker-2", "fenced/worker-3",
                "fenced/worker-4", "/final"), rows);
        Set<Integer> processes = new HashSet<>();
        HISTORY.ops().stream().filter(o -> o.process() instanceof Process.Client)
                .forEach(o -> processes.add(((Process.Client) o.process()).id()));
        assertEquals(Set.of(0, 1, 2, 3), processes, "the fixture's processes");
        Set<Integer> barRows = new HashSet<>();
        chart.path("bars").forEach(b -> barRows.add(b.get(0).asInt()));
        assertEquals(Set.of(1, 2, 3, 4), barRows, "each worker's row holds that worker's bars");
    }

    @Test
    void everyAcquireThatCompletedOkIsOneBar() {
        long grants = HISTORY.ops().stream().filter(o -> o.f().equals("acquire") && o.type().keyword().equals("ok"))
                .count();
        assertTrue(grants > 10, grants + " grants");
        assertEquals(grants, chart.path("bars").size());
        assertTrue(page.text().contains(grants + " holds"), "the count is printed too");
    }

    @Test
    void thePauseIsABandFromItsStartToItsStop() {
        Op start = nemesis("start-pause");
        Op stop = nemesis("stop-pause");
        JsonNode bands = chart.path("bands");
        assertEquals(1, bands.size(), bands.toString());
        assertEquals(start.time() / 1e6, bands.get(0).get(0).asDouble(), 0.001);
        assertEquals(stop.time() / 1e6, bands.get(0).get(1).asDouble(), 0.001);
        assertEquals("pause worker-1, worker-4", bands.get(0).get(2).asText());
        assertTrue(start.time() < stop.time());
    }

    @Test
    void aBandSaysWhenItBeganOnTheSchedulesClockToo() {
        Op start = nemesis("start-pause");
        List<Op> ops = new ArrayList<>();
        for (Op op : HISTORY.ops()) {
            if (op == start) {
                ops.add(new Op(0, start.time() - 4_000_000_000L, io.lockchaos.history.OpType.INFO,
                        io.lockchaos.history.Process.NEMESIS, io.lockchaos.history.ops.NemesisOps.SCHEDULE_START,
                        io.lockchaos.history.Value.map()));
            }
            ops.add(op);
        }
        Timeline t = Timeline.of(History.of(ops), new Layout(List.of("unfenced", "fenced"), 2), List.of(),
                io.lockchaos.checker.lock.UnsafeWindows.NONE);
        assertEquals("pause worker-1, worker-4 (schedule 4.0 s)", t.bands().get(0).label(),
                "the chart counts from the run's start, the schedule from its own 0 s");
        assertTrue(t.marks().stream().anyMatch(m -> m.time() == start.time() - 4_000_000_000L
                && m.text().startsWith("the fault schedule's 0 s")), t.marks().toString());
        assertEquals("pause worker-1, worker-4", Timeline.of(HISTORY, new Layout(List.of("unfenced", "fenced"), 2),
                List.of(), io.lockchaos.checker.lock.UnsafeWindows.NONE).bands().get(0).label(),
                "a history recorded before schedule-start existed has no schedule times");
    }

    @Test
    void aReentrantLocksHoldIsOneBarFromItsFirstGrantToItsLastRelease() {
        io.lockchaos.history.Process p = io.lockchaos.history.Process.client(0);
        io.lockchaos.history.Value asked = io.lockchaos.history.Value.map("lock", "unfenced-job-0");
        io.lockchaos.history.Value held = io.lockchaos.history.Value.map("lock", "unfenced-job-0", "token", 9L);
        io.lockchaos.history.Value again = io.lockchaos.history.Value.map("lock", "unfenced-job-0", "token", 9L, "reentry", true);
        List<Op> ops = List.of(
                new Op(0, 10, io.lockchaos.history.OpType.INVOKE, p, "acquire", asked),
                new Op(1, 20, io.lockchaos.history.OpType.OK, p, "acquire", held),
                new Op(2, 30, io.lockchaos.history.OpType.INVOKE, p, "acquire", again),
                new Op(3, 40, io.lockchaos.history.OpType.OK, p, "acquire", again),
                new Op(4, 50, io.lockchaos.history.OpType.INVOKE, p, "release", again),
                new Op(5, 60, io.lockchaos.history.OpType.OK, p, "release", again),
                new Op(6, 70, io.lockchaos.history.OpType.INVOKE, p, "release", held),
                new Op(7, 80, io.lockchaos.history.OpType.OK, p, "release", held));
        Layout layout = new Layout(List.of("unfenced"), 1);
        List<Timeline.Bar> bars = Timeline.of(History.of(ops), layout, List.of(), io.lockchaos.checker.lock.UnsafeWindows.NONE,
                io.lockchaos.history.ops.Reentrancy.SAME_TOKEN).bars();
        assertEquals(1, bars.size(), bars.toString());
        assertEquals(20, bars.get(0).start());
        assertEquals(70, bars.get(0).end());
        assertEquals(2, Timeline.of(History.of(ops), layout, List.of(), io.lockchaos.checker.lock.UnsafeWindows.NONE).bars().size(),
                "drawn as a lock that is not reentrant: the reentry ends the first bar");
    }

    private static Op nemesis(String f) {
        return HISTORY.ops().stream().filter(o -> o.f().equals(f)).findFirst().orElseThrow();
    }

    @Test
    void everyEvidenceSentenceIsOnThePage() {
        String text = page.text();
        int sentences = 0;
        for (JsonNode check : RESULTS.path("checks")) {
            for (JsonNode e : check.path("evidence")) {
                assertTrue(text.contains(e.path("explanation").asText()), e.path("explanation").asText());
                sentences++;
            }
        }
        assertTrue(sentences >= 7, sentences + " sentences");
    }

    @Test
    void holdsTheEvidenceNamesAreRedAndOthersAreNot() {
        List<String> red = new ArrayList<>();
        List<String> plain = new ArrayList<>();
        chart.path("bars").forEach(b -> (b.get(4).asText().equals("anomaly") ? red : plain).add(b.get(3).asText()));
        assertTrue(red.contains("unfenced-job-0 #4294967318"), "process 0's long hold, overlapped: " + red);
        assertTrue(red.contains("unfenced-job-0 #4294967322"), "process 1's hold inside it: " + red);
        assertTrue(plain.contains("unfenced-job-0 #4294967306"), "the first hold overlapped nothing: " + plain);
    }

    @Test
    void theStaleTokenRefusalAndTheLostUpdatesAreMarks() {
        Op refused = HISTORY.ops().stream().filter(o -> !o.error().isNil()).findFirst().orElseThrow();
        List<JsonNode> stale = new ArrayList<>();
        List<JsonNode> anomalies = new ArrayList<>();
        List<Integer> finalReads = new ArrayList<>();
        for (JsonNode m : chart.path("marks")) {
            switch (m.get(2).asText()) {
                case "stale-token" -> stale.add(m);
                case "anomaly" -> anomalies.add(m);
                case "final-read" -> finalReads.add(m.get(1).asInt());
                default -> { }
            }
        }
        assertEquals(List.of(5, 5), finalReads, "one read-all per ledger, on the last row");
        assertEquals(1, stale.size(), chart.path("marks").toString());
        assertEquals(refused.time() / 1e6, stale.get(0).get(0).asDouble(), 0.001);
        assertEquals(4, stale.get(0).get(1).asInt(), "process 3 is worker-4, row 4");
        assertEquals(2, anomalies.size(), "two lost updates with a writer and a time: " + anomalies);
    }

    @Test
    void theHeaderHasTheFactsAndExpectedAgainstGot() {
        String header = page.selectFirst("header").text();
        for (String fact : List.of("curator-pause", "seed 1", "15.0 s", "events " + HISTORY.size(),
                "pause holder-unfenced")) {
            assertTrue(header.contains(fact), fact + " in: " + header);
        }
        assertEquals("Not as expected: 1 of 2 expected verdicts not reached (marked below)",
                page.selectFirst(".headline.not-as-expected").text(), "expected against reached comes first");
        assertTrue(page.selectFirst(".safety").text().startsWith("The lock's safety in this run: invalid (a check found"
                + " a violation: "), page.selectFirst(".safety").text());
        assertFalse(page.selectFirst(".safety").hasClass("invalid"), "with expectations the safety line is not red");
        Element mismatch = page.selectFirst("table.expect tr.mismatch");
        assertNotNull(mismatch, "ledger-fenced was expected invalid and is valid");
        assertEquals("ledger-fenced invalid valid MISMATCH", mismatch.text());
        assertEquals(1, page.select("table.expect tr.ok").size(), "mutex as expected");
        assertEquals(RESULTS.path("checks").size() + 1, page.select("table.checks tr").size(), "a row per check");
    }

    @Test
    void theUnsafeWindowsAreInWordsInTheirLanesAndDrawnOnTheHoldersRows() {
        io.lockchaos.checker.lock.UnsafeWindows windows = io.lockchaos.checker.lock.UnsafeWindows.of(HISTORY);
        assertTrue(windows.count() > 0, "both lanes' paused holders were overtaken");
        assertEquals(3, page.select("table.unsafe tr").size(), "a header and a row per lane");
        assertEquals(windows.count(), page.select("#unsafe-windows ol.windows li").size());
        String first = page.selectFirst("#unsafe-windows ol.windows li").text();
        assertTrue(first.matches("worker-\\d \\(process \\d+\\) (went on|kept writing) for \\d+\\.\\d{3} s after worker-\\d"
                + " \\(process \\d+\\) was granted .*; it was never told\\."), first);
        JsonNode drawn = chartData(page).path("windows");
        assertEquals(windows.windows().stream().map(x -> List.of(x.lock(), x.holder(), x.holderGranted())).distinct().count(),
                drawn.size(), "one frame per overtaken hold");
        io.lockchaos.checker.lock.UnsafeWindow w = windows.windows().get(0);
        assertEquals(new Layout(List.of("unfenced", "fenced"), 2).rowOf(w.holder()), drawn.get(0).get(0).asInt(),
                "on the earlier holder's row");
        assertEquals(ChartJson.ms(w.granted()), drawn.get(0).get(1).asDouble());
        assertEquals(ChartJson.ms(w.end()), drawn.get(0).get(2).asDouble());
    }

    @Test
    void aFailedRunSaysSoBeforeAnythingElse() {
        Document failed = Jsoup.parse(Reports.html(fixture(Optional.of("worker worker-2 stopped early (exit 137)"))));
        Element failure = failed.selectFirst("header .failure");
        assertNotNull(failure);
        assertTrue(failure.text().startsWith("The run failed: worker worker-2 stopped early (exit 137)"),
                failure.text());
        assertTrue(failed.title().contains("run failed"), failed.title());
        assertFalse(page.html().contains("class=\"failure\""), "a run that finished has no failure banner");
    }
}
