package io.lockchaos.harness.report;

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
        this.timeline = Timeline.of(data.history(), data.layout(), data.checks());
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
        checks(body.appendElement("section").id("checks"));
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
        Element verdict = h.appendElement("p").addClass("verdict").addClass(data.valid().word());
        verdict.appendText("Verdict: ").appendElement("strong").text(data.valid().word());
        if (!r.expect().isEmpty()) {
            verdict.appendText(data.matched() ? "; every expected verdict came true"
                    : "; some expected verdicts did not come true (see below)");
        }
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
                + " ● red: a moment the evidence names, ● dark: a final read, ■ grey: other nemesis events."
                + " Drag or scroll to zoom; hover for details.");
        s.appendElement("p").addClass("counts").text(t.bars().size() + " holds, " + t.bands().size() + " fault"
                + (t.bands().size() == 1 ? "" : "s") + ", " + t.marks().size() + " marks");
        s.appendElement("div").id("timeline").attr("style", "height: " + (120 + 30 * t.rows().size()) + "px");
        s.appendElement("noscript").text("The timeline needs JavaScript; its data is in the script element"
                + " timeline-data of this file.");
        s.appendElement("script").attr("type", "application/json").id("timeline-data")
                .appendChild(new DataNode(ChartJson.of(t)));
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
