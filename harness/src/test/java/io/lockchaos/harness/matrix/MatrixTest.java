package io.lockchaos.harness.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.checker.Validity;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.run.ResultsDir;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The matrix from run folders written here: counts, the JSON shape, the tables, the exit code. */
class MatrixTest {

    @Test
    void theLastDesignRowIsTheLastOneAScenarioMayName() throws IOException {
        int last = Files.readAllLines(ProjectRoot.find().resolve("docs/design.md")).stream()
                .map(line -> java.util.regex.Pattern.compile("^\\| (\\d+) \\|").matcher(line))
                .filter(java.util.regex.Matcher::find).mapToInt(m -> Integer.parseInt(m.group(1))).max().orElseThrow();
        assertEquals(last, MatrixScenario.ROWS, "docs/design.md's table ends at row " + last);
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path PAUSE = ProjectRoot.find().resolve("scenarios").resolve("redis-naive-pause.json");

    @TempDir
    Path results;

    /** A run folder whose results.json says {@code ledger-unfenced} is {@code unfencedLedger}, with one refusal. */
    private ResultsDir run(String stamp, boolean unfencedLedger, boolean matched) throws IOException {
        ResultsDir dir = new ResultsDir(Files.createDirectories(results.resolve("redis-naive-pause").resolve(stamp)));
        String lost = unfencedLedger ? "[]"
                : "[{\"key\":\"unfenced-job-0\",\"entry\":\"e-1-2\",\"basedOn\":\"e-0-1\",\"basedOnFound\":true,"
                        + "\"explanation\":\"Lost update: <b>\"}]";
        Files.writeString(dir.resultsJson(), "{\"scenario\":\"redis-naive-pause\",\"matched\":" + matched
                + ",\"checks\":{\"mutex\":{\"valid\":false,\"evidence\":[]},"
                + "\"ledger-unfenced\":{\"valid\":" + unfencedLedger + ",\"evidence\":" + lost + "},"
                + "\"ledger-fenced\":{\"valid\":\"unknown\",\"evidence\":[]}}}");
        Files.writeString(dir.historyJsonl(), String.join("\n",
                "{\"index\":0,\"time\":1,\"type\":\"invoke\",\"process\":3,\"f\":\"read\",\"value\":{\"key\":\"fenced-job-0\",\"token\":3}}",
                "{\"index\":1,\"time\":2,\"type\":\"fail\",\"process\":3,\"f\":\"read\",\"value\":{\"key\":\"fenced-job-0\",\"token\":3},\"error\":\":stale-token\"}",
                "{\"index\":2,\"time\":3,\"type\":\"invoke\",\"process\":3,\"f\":\"release\",\"value\":{\"lock\":\"fenced-job-0\"}}",
                "{\"index\":3,\"time\":4,\"type\":\"fail\",\"process\":3,\"f\":\"release\",\"value\":{\"lock\":\"fenced-job-0\"},\"error\":\":not-held\"}",
                ""));
        return dir;
    }

    private Matrix matrix(List<RunSummary> runs) {
        return new Matrix(Instant.parse("2026-12-01T10:00:00Z"), "abc123", List.of(new MatrixRow(MatrixScenario.read(PAUSE), runs)));
    }

    @Test
    void aRunIsReadFromItsFolder() throws IOException {
        RunSummary r = RunSummary.read(run("a", false, true), 41.26);
        assertTrue(r.carriedOut());
        assertTrue(r.matched());
        assertEquals(Validity.INVALID, r.verdict("mutex"));
        assertEquals(Validity.UNKNOWN, r.verdict("ledger-fenced"));
        assertEquals(Validity.UNKNOWN, r.verdict("holds"), "a check the run does not have is unknown");
        assertEquals(1, r.staleRefused(), "the :not-held release is no refusal");
        assertEquals(1, r.lostUpdates());
    }

    @Test
    void aRunVoidedForItsStallCountsAsNotCarriedOutNeverAsAWrongVerdict() throws IOException {
        ResultsDir dir = run("a", false, true);
        Files.writeString(dir.resultsJson(), Files.readString(dir.resultsJson()).replaceFirst("\\{", "{\"worstStallMs\": 1250.5, "));
        RunSummary r = RunSummary.read(dir, 41);
        assertEquals(1250.5, r.worstStallMs().orElseThrow());
        assertTrue(r.carriedOut() && r.matched());
        RunSummary voided = r.voided("stood still 1251 ms");
        assertFalse(voided.carriedOut());
        assertFalse(voided.matched());
        assertEquals(2, matrix(List.of(voided)).exitCode(), "not carried out (2), not a verdict that came out wrong (1)");
        assertEquals(0, matrix(List.of(r)).exitCode());
        RunSummary wrong = RunSummary.read(run("b", true, false), 41);
        assertEquals(1, matrix(List.of(voided, wrong)).exitCode(),
                "a run that came out wrong is a finding (1) also when another was not carried out, as in explore");
    }

    @Test
    void theTableGivesEachScenariosWallAndTheWholeRunsAgainstItsWorkload() throws IOException {
        List<RunSummary> runs = List.of(RunSummary.read(run("a", false, true), 41.26), RunSummary.read(run("b", false, true), 43.6));
        MatrixRow row = new MatrixRow(MatrixScenario.read(PAUSE), runs);
        Scenario s = row.scenario().scenario();
        double each = (s.duration().toMillis() + s.quiet().toMillis()) / 1000.0;
        assertEquals(2 * each, row.workloadSeconds(), 1e-9);
        assertEquals("41, 44", row.wallText());
        Matrix timed = new Matrix(Instant.parse("2026-12-01T10:00:00Z"), "abc123", List.of(row),
                java.util.Optional.of(new Matrix.Pace(2 * each * 0.75, 2)));
        String md = timed.markdown();
        assertTrue(md.contains("| wall s |"), md);
        assertTrue(md.contains("| 2/2 | 41, 44 |"), md);
        assertTrue(md.contains(String.format(java.util.Locale.ROOT, "Wall %.0f s for %.0f s of workload and quiet time in 2"
                + " runs (0.75x), up to 2 side by side; the runs' own walls sum to 85 s.", 1.5 * each, 2 * each)), md);
        JsonNode json = JSON.readTree(timed.toJson(results));
        assertEquals(2, json.path("parallel").asInt());
        assertEquals(2 * each, json.path("workloadSeconds").asDouble(), 0.1);
        assertTrue(new Matrix(timed.generatedAt(), "m", List.of(row)).markdown()
                .contains("of workload and quiet time in 2 runs; the runs' own walls sum to 85 s."), "merged: no whole wall");
    }

    @Test
    void aFolderWithoutResultsIsARunNotCarriedOut() throws IOException {
        ResultsDir dir = new ResultsDir(Files.createDirectories(results.resolve("x").resolve("y")));
        RunSummary r = RunSummary.read(dir, 3);
        assertFalse(r.carriedOut());
        assertFalse(r.matched());
        assertEquals(2, matrix(List.of(r)).exitCode());
    }

    @Test
    void theJsonCountsVerdictsPerCheckAndListsEveryRun() throws IOException {
        List<RunSummary> runs = List.of(RunSummary.read(run("a", false, true), 41.26),
                RunSummary.read(run("b", true, false), 50));
        Matrix m = matrix(runs);
        JsonNode s = JSON.readTree(m.toJson(results.getParent())).path("scenarios").get(0);
        assertEquals("redis-naive-pause", s.path("scenario").asText());
        assertEquals(2, s.path("designRow").asInt());
        assertEquals("redis-naive (redis-incr tokens)", s.path("lock").asText());
        assertEquals(2, s.path("runs").asInt());
        assertEquals(1, s.path("matched").asInt());
        assertEquals(1, s.path("verdicts").path("ledger-unfenced").path("invalid").asInt());
        assertEquals(1, s.path("verdicts").path("ledger-unfenced").path("valid").asInt());
        assertEquals(2, s.path("verdicts").path("holds").path("unknown").asInt());
        assertEquals(2, s.path("staleRefused").asInt());
        assertEquals(1, s.path("lostUpdates").asInt());
        assertEquals(41.3, s.path("wallSeconds").get(0).asDouble());
        assertEquals(results.getFileName() + "/redis-naive-pause/a", s.path("results").get(0).asText());
        assertEquals(1, m.exitCode(), "a run that did not match");
    }

    @Test
    void theTablesShowEachCheckAndMarkWhatMissedItsExpectation() throws IOException {
        Matrix m = matrix(List.of(RunSummary.read(run("a", false, true), 41), RunSummary.read(run("b", true, false), 50)));
        String md = m.markdown();
        assertTrue(md.contains("at commit abc123"), md);
        assertTrue(md.contains("| `redis-naive-pause` | 2 | redis-naive (redis-incr tokens) |"), md);
        assertTrue(md.contains("| valid 1, invalid 1 (expected invalid) |"), md);
        assertTrue(md.contains("| 1/2 |"), md);
        m.write(results);
        Document page = Jsoup.parse(Files.readString(results.resolve("matrix.html")));
        assertEquals(List.of("redis-naive-pause/a/report.html", "redis-naive-pause/b/report.html"),
                page.select("td.missed a").eachAttr("href").stream().distinct().toList());
        assertNotNull(JSON.readTree(results.resolve("matrix.json").toFile()).get("generatedAt"));
        assertEquals(md, Files.readString(results.resolve("matrix.md")));
    }

    @Test
    void theWorstUnsafeWindowIsTheLongestOverTheRunsThatMeasuredOne() throws IOException {
        ResultsDir told = run("a", false, true);
        Files.writeString(told.resultsJson(), Files.readString(told.resultsJson()).replaceFirst("\\{",
                "{\"unsafeWindows\":{\"count\":2,\"worstMs\":3012.4,\"medianMs\":3000,\"totalMs\":6000,\"told\":0},"));
        ResultsDir none = run("b", true, false);
        Files.writeString(none.resultsJson(), Files.readString(none.resultsJson()).replaceFirst("\\{",
                "{\"unsafeWindows\":{\"count\":0,\"worstMs\":0.0,\"medianMs\":0.0,\"totalMs\":0.0,\"told\":0},"));
        RunSummary older = RunSummary.read(run("c", true, true), 40);
        assertTrue(older.worstUnsafeWindowMs().isEmpty(), "a results.json from before the field measured nothing");
        Matrix m = matrix(List.of(RunSummary.read(told, 41), RunSummary.read(none, 50), older));
        assertTrue(m.markdown().contains("| ledger fenced | worst unsafe window | runs matched |"), m.markdown());
        assertTrue(m.markdown().contains("| 3012 ms | 2/3 |"), m.markdown());
        assertEquals(3012.4, JSON.readTree(m.toJson(results.getParent())).path("scenarios").get(0)
                .path("worstUnsafeWindowMs").asDouble());
        assertTrue(matrix(List.of(RunSummary.read(none, 50))).markdown().contains("| none | 0/1 |"));
        assertTrue(matrix(List.of(older)).markdown().contains("| — | 1/1 |"));
    }

    @Test
    void everyRunMatchedIsExitZero() throws IOException {
        assertEquals(0, matrix(List.of(RunSummary.read(run("a", false, true), 41))).exitCode());
    }

    @Test
    void aBadDesignRowNamesTheFileAndField() throws IOException {
        Path file = results.resolve("bad.json");
        Files.writeString(file, Files.readString(PAUSE).replace("\"designRow\": 2", "\"designRow\": \"two\""));
        ScenarioException e = assertThrows(ScenarioException.class, () -> MatrixScenario.read(file));
        assertTrue(e.getMessage().startsWith(file + ": field 'designRow' is \"two\"; allowed: a whole number from 1"
                + " (the row"), e.getMessage());
        Files.writeString(file, Files.readString(PAUSE).replace("\"designRow\": 2",
                "\"designRow\": " + (MatrixScenario.ROWS + 1)));
        assertThrows(ScenarioException.class, () -> MatrixScenario.read(file));
    }

    @Test
    void withoutAFaultFieldTheScheduleDescribesTheFault() throws IOException {
        Path file = results.resolve("plain.json");
        Files.writeString(file, Files.readString(PAUSE).replaceAll("\"fault\": \"[^\"]*\",", "").replace("\"designRow\": 2,", ""));
        MatrixScenario s = MatrixScenario.read(file);
        assertTrue(s.designRow().isEmpty());
        assertEquals("at 3s pause holder-unfenced,holder-fenced for 5s", s.fault());
    }
}
