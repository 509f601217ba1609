package io.lockchaos.harness.report;

import io.lockchaos.history.ops.NemesisOps;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.lockchaos.checker.CheckOptions;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.checker.lock.LockChecks;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

/**
 * A small history written here: a lock whose name holds markup, a retired process, a fault
 * healed by heal-all and one never healed; checked by the real lock checks.
 */
class HandWrittenHistoryTest {

    private static final String LOCK = "job</script><b>&0";

    /** The page as written (before any parser could repair it), and parsed. */
    private static final String HTML = new HandWrittenHistoryTest().build();
    private static final Document PAGE = Jsoup.parse(HTML);

    private final List<Op> ops = new ArrayList<>();

    private void op(long ms, OpType type, Process p, String f, Value v) {
        ops.add(new Op(ops.size(), ms * 1_000_000, type, p, f, v));
    }

    private void hold(long from, long to, int process, long token) {
        Process p = new Process.Client(process);
        op(from - 1, OpType.INVOKE, p, "acquire", Value.map("lock", LOCK));
        op(from, OpType.OK, p, "acquire", Value.map("lock", LOCK, "token", token));
        op(to, OpType.INVOKE, p, "release", Value.map("lock", LOCK, "token", token));
        op(to + 1, OpType.OK, p, "release", Value.map("lock", LOCK, "token", token));
    }

    private static Document page() {
        return PAGE;
    }

    private String build() {
        hold(10, 100, 0, 1);
        op(150, OpType.INFO, Process.NEMESIS, "start-pause", Value.map(NemesisOps.TARGETS, Value.vec(Value.of("worker-2"))));
        hold(200, 400, 3, 2);                      // process 1 retired as 1 + 2 workers: worker-2's row
        hold(300, 350, 2, 3);                      // worker-1 again, inside process 3's hold: overlapping
        op(500, OpType.INFO, Process.NEMESIS, "heal-all", Value.map("resumed", Value.vec(Value.of("worker-2"))));
        op(550, OpType.INFO, Process.NEMESIS, "stop-pause", Value.map(NemesisOps.TARGETS, Value.vec(Value.of("worker-2"))));
        op(600, OpType.INFO, Process.NEMESIS, "start-clock", Value.map(NemesisOps.TARGETS, Value.vec(Value.of("redis-1"))));
        op(700, OpType.INVOKE, new Process.Client(0), "acquire", Value.map("lock", LOCK));
        History history = History.of("hand-written", ops);
        List<Verdict> checks = new LockChecks().checkEach(history, CheckOptions.defaults()).stream()
                .map(Verdict::of).toList();
        ReportData.Header header = new ReportData.Header("<x>", "", 7, Duration.ofSeconds(1), "", Map.of(),
                Optional.empty(), "a test");
        return Reports.html(new ReportData(header, checks, new Layout(List.of("unfenced"), 2), history));
    }

    @Test
    void aRetiredProcessIsDrawnOnItsWorkersRowAndOverlapsAreRed() {
        JsonNode bars = ReportPageTest.chartData(page()).path("bars");
        assertEquals(3, bars.size(), bars.toString());
        assertEquals(List.of(1, 2, 1), List.of(bars.get(0).get(0).asInt(), bars.get(1).get(0).asInt(),
                bars.get(2).get(0).asInt()), "processes 0 and 2 are worker-1, process 3 is worker-2: " + bars);
        assertEquals("held", bars.get(0).get(4).asText());
        assertEquals("anomaly", bars.get(1).get(4).asText());
        assertEquals("anomaly", bars.get(2).get(4).asText());
    }

    @Test
    void faultsEndAtHealAllOrAtTheEnd() {
        JsonNode chart = ReportPageTest.chartData(page());
        JsonNode bands = chart.path("bands");
        assertEquals(2, bands.size(), bands.toString());
        assertEquals(List.of(150.0, 500.0), List.of(bands.get(0).get(0).asDouble(), bands.get(0).get(1).asDouble()));
        assertTrue(bands.get(0).get(3).asText().endsWith("(ended by heal-all)"), bands.get(0).toString());
        assertEquals(List.of(600.0, 700.0), List.of(bands.get(1).get(0).asDouble(), bands.get(1).get(1).asDouble()),
                "never healed: to the last event");
        assertEquals("clock redis-1", bands.get(1).get(2).asText());
        List<String> nemesisMarks = new ArrayList<>();
        chart.path("marks").forEach(m -> nemesisMarks.add(m.get(3).asText().replaceAll(" \\{.*", "")));
        assertEquals(List.of("0.500 s: heal-all", "0.550 s: stop-pause"), nemesisMarks,
                "heal-all, and a stop whose fault heal-all had ended, are marks");
        assertEquals(List.of(9.0, 700.0), List.of(chart.path("start").asDouble(), chart.path("end").asDouble()),
                "the axis spans the first to the last event");
    }

    @Test
    void markupInValuesIsEscapedEverywhere() {
        Document page = page();
        String html = page.outerHtml();
        assertTrue(page.select("b").isEmpty(), "no <b> element came from a value");
        assertTrue(page.select("#anomalies li").text().contains("Process 3 held " + LOCK + " with token 2"),
                "the sentence shows the name as written: " + page.select("#anomalies li").text());
        assertEquals("lockchaos report: <x>", page.selectFirst("h1").text());
        Element data = page.getElementById("timeline-data");
        assertFalse(HTML.contains("job</script>"), "the page as written never ends a script element inside a value");
        assertTrue(data.data().contains("job\\u003C/script\\u003E\\u003Cb\\u003E\\u0026"), data.data());
        assertEquals(LOCK + " #2", ReportPageTest.chartData(page).path("bars").get(1).get(3).asText());
        assertEquals(3, page.select("script").size(), "the data, the chart library, the chart script: " + html.length());
        assertTrue(html.length() > 500_000, "the library is inlined: " + html.length() + " characters");
    }

    @Test
    void nothingIsLoadedFromTheNetwork() {
        Document page = page();
        for (Element e : page.select("[src], [href], link, iframe, img, object, embed")) {
            throw new AssertionError("a reference to another file: " + e.outerHtml());
        }
        String css = page.select("style").html();
        assertFalse(css.contains("url(") || css.contains("@import"), css);
        for (Element script : page.select("script")) {
            String code = script.data();
            assertFalse(code.contains("fetch(") || code.contains("import("), "a script that loads something");
        }
        Document markup = page.clone();
        markup.select("script, style").remove();
        assertFalse(markup.outerHtml().contains("http://") || markup.outerHtml().contains("https://"),
                "no address outside the inlined library's own comments: " + markup.outerHtml());
    }
}
