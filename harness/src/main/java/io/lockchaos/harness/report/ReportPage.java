package io.lockchaos.harness.report;

import io.lockchaos.checker.lock.UnsafeWindow;
import io.lockchaos.checker.lock.UnsafeWindows;
import io.lockchaos.checker.Validity;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.DocumentType;
import org.jsoup.nodes.Element;

/**
 * Builds report.html as a jsoup DOM: every value goes in through {@link Element#text} or
 * {@link Element#attr}, so it is escaped; the only raw content is the inlined style sheet and
 * scripts, and the timeline's JSON ({@link ChartJson}, which escapes {@code <}).
 */
final class ReportPage {

    private final ReportData data;
    private final Timeline timeline;
    private final Document doc = Document.createShell("");

    private ReportPage(ReportData data) {
        this.data = data;
        this.timeline = Timeline.of(data.history(), data.layout(), data.checks(), data.windows(), data.reentrancy());
    }

    static String html(ReportData data) {
        return new ReportPage(data).build();
    }

    private String build() {
        doc.outputSettings().prettyPrint(false);
        doc.prependChild(new DocumentType("html", "", ""));
        doc.selectFirst("html").attr("lang", "en");
        Element head = doc.head();
        head.appendElement("meta").attr("charset", "utf-8");
        head.appendElement("title").text("lockchaos: " + data.header().scenario() + " " + overall());
        head.appendElement("style").appendChild(new DataNode(Assets.css()));
        Element body = doc.body();
        header(body.appendElement("header"));
        story(body.appendElement("section").id("what-happened"));
        checks(body.appendElement("section").id("checks"));
        unsafeWindows(body.appendElement("section").id("unsafe-windows"));
        timeline(body.appendElement("section").id("timeline-section"));
        anomalies(body.appendElement("section").id("anomalies"));
        body.appendElement("footer").text("Written by lockchaos. The chart is drawn by Apache ECharts "
                + Assets.echartsVersion() + " (Apache License 2.0), inlined with the data: this file needs no network.");
        body.appendElement("script").appendChild(new DataNode(Assets.echarts()));
        body.appendElement("script").appendChild(new DataNode(Assets.script()));
        return doc.outerHtml();
    }

    private String overall() {
        if (data.header().failure().isPresent()) {
            return "run failed";
        }
        if (!data.header().expect().isEmpty()) {
            return data.matched() ? "as expected" : "NOT as expected";
        }
        return data.valid().word();
    }

    private void header(Element h) {
        ReportData.Header r = data.header();
        h.appendElement("h1").text("lockchaos report: " + r.scenario());
        h.appendElement("p").addClass("description").text(r.description());
        r.failure().ifPresent(f -> h.appendElement("div").addClass("failure").text("The run failed: " + f
                + ". Everything below is what was recorded before the failure; the checks ran on that partial"
                + " history."));
        headline(h, r);
        Element facts = h.appendElement("table").addClass("facts");
        fact(facts, "seed", Long.toString(r.seed()));
        fact(facts, "duration", r.duration().toMillis() / 1000.0 + " s of workload; history spans "
                + String.format(Locale.ROOT, "%.3f s", timeline.end() / 1e9));
        fact(facts, "events", Integer.toString(data.history().size()));
        fact(facts, "schedule", r.schedule().isBlank() ? "none" : r.schedule().strip());
        fact(facts, "checked by", r.checkedBy());
        if (!r.expect().isEmpty()) {
            expectations(h, r.expect());
        }
    }

    /**
     * What the user asked first: with expected verdicts, whether each was reached (green, or red
     * naming how many were not); then the lock's safety in words, in the verdict's own colour only
     * when no expectation frames it. A run that reached its expected "invalid" reads as the
     * success it is, not as a red "Verdict: invalid".
     */
    private void headline(Element h, ReportData.Header r) {
        if (!r.expect().isEmpty()) {
            long missed = r.expect().entrySet().stream().filter(e -> data.got(e.getKey()) != e.getValue()).count();
            Element line = h.appendElement("p").addClass("verdict").addClass("headline")
                    .addClass(missed == 0 ? "as-expected" : "not-as-expected");
            line.appendElement("strong").text(missed == 0 ? "Every expected verdict reached"
                    : "Not as expected: " + missed + " of " + r.expect().size() + " expected verdicts not reached"
                    + " (marked below)");
        }
        Element safety = h.appendElement("p").addClass("safety");
        if (r.expect().isEmpty()) {
            safety.addClass("verdict").addClass(data.valid().word());
        }
        safety.appendText("The lock's safety in this run: ").appendElement("strong").text(data.valid().word());
        safety.appendText(" (" + safetyWords() + ")");
    }

    /** The verdict in words, naming the checks that decided it. */
    private String safetyWords() {
        List<String> invalid = data.checks().stream().filter(v -> v.valid() == Validity.INVALID).map(Verdict::check).toList();
        List<String> unknown = data.checks().stream().filter(v -> v.valid() == Validity.UNKNOWN).map(Verdict::check).toList();
        return switch (data.valid()) {
            case INVALID -> "a check found a violation: " + String.join(", ", invalid) + " invalid";
            case UNKNOWN -> "no violation found, but " + String.join(", ", unknown) + " could not decide";
            case VALID -> "no check found a violation";
        };
    }

    private static void fact(Element table, String name, String value) {
        Element row = table.appendElement("tr");
        row.appendElement("th").text(name);
        row.appendElement("td").appendElement("pre").text(value);
    }

    private void expectations(Element h, Map<String, Validity> expect) {
        Element table = h.appendElement("table").addClass("expect");
        Element head = table.appendElement("tr");
        List.of("check", "expected", "got", "").forEach(t -> head.appendElement("th").text(t));
        expect.forEach((check, expected) -> {
            Validity got = data.got(check);
            Element row = table.appendElement("tr").addClass(got == expected ? "ok" : "mismatch");
            row.appendElement("td").text(check);
            row.appendElement("td").text(expected.word());
            row.appendElement("td").addClass(got.word()).text(got.word());
            row.appendElement("td").text(got == expected ? "ok" : "MISMATCH");
        });
    }

    private void checks(Element s) {
        s.appendElement("h2").text("Checks");
        if (data.checks().isEmpty()) {
            s.appendElement("p").text("No check could be run, so there are no verdicts.");
            return;
        }
        Element table = s.appendElement("table").addClass("checks");
        Element head = table.appendElement("tr");
        List.of("check", "verdict", "summary").forEach(t -> head.appendElement("th").text(t));
        for (Verdict v : data.checks()) {
            Element row = table.appendElement("tr");
            row.appendElement("td").text(v.check());
            row.appendElement("td").addClass(v.valid().word()).text(v.valid().word());
            row.appendElement("td").text(v.summary());
        }
    }

    private void timeline(Element s) {
        Timeline t = timeline;
        s.appendElement("h2").text("Timeline");
        s.appendElement("p").addClass("legend").text("One row per worker, grouped by lane (a retired process p+"
                + data.layout().totalWorkers() + " stays on its worker's row), one for the nemesis and one for the"
                + " final reads. Bars: lock holds, from the acquire's ok to the release's invocation (brown: never"
                + " released; red: named by the evidence). Shaded bands: faults, from their start to their heal."
                + " Marks: ▲ an append refused as stale-token, ◆ a failed append, ○ an append with unknown outcome,"
                + " ● red: a moment the evidence names, ● dark: a final read, ■ grey: other nemesis events, pin: a loss notice"
                + " (the library told the holder its grant was lost). Dashed orange frames: unsafe windows, from"
                + " another process's grant to the release (or last event) of the holder who still believed it held"
                + " the lock."
                + " Drag or scroll to zoom; hover for details.");
        s.appendElement("p").addClass("counts").text(t.bars().size() + " holds, " + t.bands().size() + " fault"
                + (t.bands().size() == 1 ? "" : "s") + ", " + t.marks().size() + " marks");
        s.appendElement("div").id("timeline").attr("style", "height: " + (120 + 30 * t.rows().size()) + "px");
        s.appendElement("noscript").text("The timeline needs JavaScript; its data is in the script element"
                + " timeline-data of this file.");
        s.appendElement("script").attr("type", "application/json").id("timeline-data")
                .appendChild(new DataNode(ChartJson.of(t)));
    }

    /** "What happened": each lane's worst unsafe window told step by step ({@link Narrative}). */
    private void story(Element s) {
        s.appendElement("h2").text("What happened");
        s.appendElement("p").addClass("legend").text("Each lane's worst unsafe window, step by step from the history"
                + " (seconds from the run's start, the timeline's time base).");
        for (Narrative.Story story : Narrative.of(data.history(), data.layout(), timeline.bands(), data.windows())) {
            Element lane = s.appendElement("div").addClass("story");
            Element title = lane.appendElement("h3").text("Lane " + story.lane());
            if (story.afterHeal()) {
                title.appendElement("span").addClass("after-heal").text(" began with no fault in force");
            }
            Element steps = lane.appendElement("ol");
            story.steps().forEach(step -> steps.appendElement("li").text(step));
        }
    }

    /** Each lane's unsafe windows: the figures, then each window in words. */
    private void unsafeWindows(Element s) {
        s.appendElement("h2").text("Unsafe windows");
        s.appendElement("p").addClass("legend").text("How long a holder went on after the lock had been granted to"
                + " another process: from that grant's ok to the holder's release invocation, or its last event when"
                + " it never released (the part that is certain), with the holder's writes inside, and when (if ever)"
                + " its library told it the grant was lost.");
        Element table = s.appendElement("table").addClass("unsafe");
        Element head = table.appendElement("tr");
        List.of("lane", "windows", "worst", "median", "total", "told").forEach(t -> head.appendElement("th").text(t));
        for (String lane : data.layout().lanes()) {
            UnsafeWindows w = data.windows().where(window -> laneOf(window).equals(lane));
            Element row = table.appendElement("tr");
            row.appendElement("td").text(lane);
            row.appendElement("td").addClass(w.count() == 0 ? "valid" : "invalid").text(Integer.toString(w.count()));
            row.appendElement("td").text(msText(w.worstMs(), w.count()));
            row.appendElement("td").text(msText(w.medianMs(), w.count()));
            row.appendElement("td").text(msText(w.totalMs(), w.count()));
            row.appendElement("td").text(w.count() == 0 ? "—" : w.told() + " of " + w.count());
        }
        data.windows().unmeasurable().ifPresent(why -> s.appendElement("p").text("Not measured: " + why));
        if (data.windows().count() == 0) {
            return;
        }
        Element list = s.appendElement("ol").addClass("windows");
        data.windows().windows().stream().limit(MAX_WINDOWS)
                .forEach(w -> list.appendElement("li").text(data.windows().sentence(w, data.layout()::nameOf)));
        if (data.windows().count() > MAX_WINDOWS) {
            s.appendElement("p").text((data.windows().count() - MAX_WINDOWS) + " more windows are in results.json.");
        }
    }

    /** Windows beyond this many are counted, not listed. */
    private static final int MAX_WINDOWS = 50;

    /** The lane of a window: its holder's (the successor, on the same lock, is in the same lane). */
    private String laneOf(UnsafeWindow w) {
        return data.layout().rows().get(data.layout().rowOf(w.holder())).lane();
    }

    private static String msText(double ms, int count) {
        return count == 0 ? "—" : String.format(Locale.ROOT, "%.0f ms", ms);
    }

    private void anomalies(Element s) {
        s.appendElement("h2").text("Anomalies explained");
        boolean any = false;
        for (Verdict v : data.checks()) {
            if (v.findings().isEmpty() || coveredByLanes(v)) {
                continue;
            }
            any = true;
            s.appendElement("h3").addClass(v.valid().word()).text(v.check() + ": " + v.valid().word());
            Element list = s.appendElement("ol");
            v.findings().forEach(f -> list.appendElement("li").text(f.explanation()));
        }
        if (!any) {
            s.appendElement("p").text("No check found an anomaly or gave a reason for unknown.");
        }
    }

    /** A merged check ({@code mutex}) whose evidence its lanes' checks ({@code mutex-fenced}) list already. */
    private boolean coveredByLanes(Verdict v) {
        return data.checks().stream().anyMatch(o -> o.check().startsWith(v.check() + "-"));
    }

}
