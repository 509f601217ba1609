package io.lockchaos.harness.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsIndexTest {

    @TempDir
    Path root;

    @BeforeEach
    void runs() throws IOException {
        run("redis-naive-pause/20261201-100000", "redis-naive-pause", 1, "10:00", """
                {"scenario": "redis-naive-pause", "valid": false, "checks": {
                  "mutex": {"valid": false}, "ledger-fenced": {"valid": true}},
                 "expect": {"mutex": "invalid", "ledger-fenced": "valid"}, "matched": true}""");
        run("redis-naive-no-fault/20261201-110000", "redis-naive-no-fault", 7, "11:00", """
                {"scenario": "redis-naive-no-fault", "valid": "unknown", "checks": {
                  "mutex": {"valid": "unknown"}, "holds": {"valid": true}}}""");
        run("curator-pause/20261201-120000", "curator-pause", 3, "12:00", null);
        run("curator-partition/20261201-090000", "curator-partition", 4, "09:00", "{ not json");
        run("explore/20261201-130000/run-0002", "x</td><script>alert(1)</script>", 9, "13:00", """
                {"valid": false, "checks": {"mutex": {"valid": false}}, "expect": {"mutex": "valid"}, "matched": false}""");
        Files.createSymbolicLink(root.resolve("latest"), Path.of("curator-pause/20261201-120000"));
    }

    private void run(String folder, String scenario, long seed, String started, String results) throws IOException {
        Path dir = Files.createDirectories(root.resolve(folder));
        Files.writeString(dir.resolve("scenario.json"), "{\"name\": " + com.fasterxml.jackson.databind.node.TextNode
                .valueOf(scenario) + ", \"seed\": " + seed + ", \"schedule\": \"\","
                + " \"resolved\": {\"startedAt\": \"2026-12-01T" + started + ":00Z\","
                + " \"schedule\": \"at 3s pause worker-1 for 5s\\nat 9s clock redis-1 +30s\"}}");
        if (results != null) {
            Files.writeString(dir.resolve("results.json"), results);
            Files.writeString(dir.resolve("report.html"), "<html></html>");
        }
    }

    @Test
    void listsEveryRunNewestFirstOnceEach() {
        assertEquals(5, ResultsIndex.write(root));
        List<String> dirs = rows().stream().map(r -> r.child(0).text()).toList();
        assertEquals(List.of("explore/20261201-130000/run-0002", "curator-pause/20261201-120000",
                "redis-naive-no-fault/20261201-110000", "redis-naive-pause/20261201-100000",
                "curator-partition/20261201-090000"), dirs);
    }

    @Test
    void saysWhatEachRunGave() {
        ResultsIndex.write(root);
        List<Element> rows = rows();
        assertEquals("NOT as expected (invalid)", rows.get(0).child(3).text());
        assertEquals("no results (killed or failed run)", rows.get(1).child(3).text());
        assertEquals("unknown", rows.get(2).child(3).text());
        assertEquals("mutex unknown", rows.get(2).child(4).text());
        assertEquals("as expected (invalid)", rows.get(3).child(3).text());
        assertTrue(rows.get(3).child(3).hasClass("valid"));
        assertEquals("mutex invalid", rows.get(3).child(4).text());
        assertEquals("results.json unreadable", rows.get(4).child(3).text());
        assertEquals("at 3s pause worker-1 for 5s; at 9s clock redis-1 +30s", rows.get(3).child(5).text());
    }

    @Test
    void linksReportsThatExistAndEscapesValues() throws IOException {
        ResultsIndex.write(root);
        List<Element> rows = rows();
        assertEquals("redis-naive-pause/20261201-100000/report.html", rows.get(3).child(0).selectFirst("a").attr("href"));
        assertTrue(rows.get(1).child(0).select("a").isEmpty(), "a killed run has no report to link");
        assertEquals("x</td><script>alert(1)</script>", rows.get(0).child(1).text());
        assertFalse(Files.readString(root.resolve("index.html")).contains("<script>alert"));
    }

    @Test
    void aFileIsNotAResultsFolder() throws IOException {
        Path file = Files.writeString(root.resolve("x.txt"), "");
        ReportException e = assertThrows(ReportException.class, () -> ResultsIndex.write(file));
        assertTrue(e.getMessage().contains("is not a folder"), e.getMessage());
    }

    private List<Element> rows() {
        try {
            Document page = Jsoup.parse(root.resolve("index.html").toFile());
            return page.select("tbody tr");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
