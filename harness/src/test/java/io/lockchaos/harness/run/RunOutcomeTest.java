package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Validity;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunOutcomeTest {

    private static final String SCENARIO = """
            {"name": "s1", "topology": "redis-single", "lock": {"backend": "redis-naive", "tokens": "redis-incr"},
             "storage": ["unfenced", "fenced"], "workers": 2, "durationMs": 1000 %s}
            """;

    private static Map<String, CheckResult> checks(Validity ledgerUnfenced, Validity tokens) {
        Map<String, CheckResult> m = new LinkedHashMap<>();
        m.put("mutex", new CheckResult("mutex", Validity.VALID, "ok", List.of()));
        m.put("tokens", new CheckResult("tokens", tokens, "t", List.of()));
        m.put("ledger-unfenced", new CheckResult("ledger-unfenced", ledgerUnfenced, "l", List.of()));
        return m;
    }

    @Test
    void withoutExpectationsTheVerdictIsTheExitCode() {
        Scenario s = ScenarioFile.parse(SCENARIO.formatted(""), "s1.json");
        assertEquals(0, new RunOutcome(s, Path.of("r"), 9, checks(Validity.VALID, Validity.VALID)).exitCode());
        assertEquals(1, new RunOutcome(s, Path.of("r"), 9, checks(Validity.INVALID, Validity.UNKNOWN)).exitCode());
        assertEquals(2, new RunOutcome(s, Path.of("r"), 9, checks(Validity.VALID, Validity.UNKNOWN)).exitCode());
    }

    @Test
    void withExpectationsZeroMeansEveryOneCameTrue() {
        Scenario s = ScenarioFile.parse(SCENARIO.formatted(
                ", \"expect\": {\"mutex\": \"valid\", \"ledger-unfenced\": \"invalid\"}"), "s1.json");
        RunOutcome asPredicted = new RunOutcome(s, Path.of("r"), 9, checks(Validity.INVALID, Validity.UNKNOWN));
        assertEquals(0, asPredicted.exitCode(), "an invalid ledger that was expected is a match");
        assertTrue(asPredicted.toJson().contains("\"matched\" : true"), asPredicted.toJson());
        RunOutcome surprise = new RunOutcome(s, Path.of("r"), 9, checks(Validity.VALID, Validity.VALID));
        assertEquals(1, surprise.exitCode());
        assertEquals(Map.of("ledger-unfenced", Validity.VALID), surprise.mismatches());
        assertTrue(surprise.toText().contains("MISMATCH"), surprise.toText());
    }

    @Test
    void resultsJsonHoldsThePhasesInTheOrderTheyRan() {
        Scenario s = ScenarioFile.parse(SCENARIO.formatted(""), "s1.json");
        Map<String, Double> phases = new java.util.LinkedHashMap<>();
        phases.put("cluster start", 9.5);
        phases.put("workload", 12.0);
        String json = new RunOutcome(s, Path.of("r"), 9, checks(Validity.VALID, Validity.VALID), phases).toJson();
        assertTrue(json.contains("\"phases\" : {\n    \"cluster start\" : 9.5,\n    \"workload\" : 12.0"), json);
        assertTrue(!new RunOutcome(s, Path.of("r"), 9, checks(Validity.VALID, Validity.VALID)).toJson().contains("phases"));
    }

    @Test
    void resultsJsonHoldsTheUnsafeWindowsOfTheRunAndOfEachLane() throws Exception {
        Scenario s = ScenarioFile.parse(SCENARIO.formatted(""), "s1.json");
        io.lockchaos.history.Value none = io.lockchaos.history.ops.LockOps.lock("unfenced-job-0",
                java.util.OptionalLong.of(7));
        io.lockchaos.history.History overtaken = io.lockchaos.history.History.of(List.of(
                op(0, "invoke", 0, "acquire", none), op(100, "ok", 0, "acquire", none),
                op(1000, "invoke", 1, "acquire", none), op(1500, "ok", 1, "acquire", none),
                op(1600, "invoke", 1, "release", none), op(1610, "ok", 1, "release", none),
                op(4000, "invoke", 0, "release", none), op(4010, "ok", 0, "release", none)));
        RunOutcome out = new RunOutcome(s, Path.of("r"), 8, checks(Validity.INVALID, Validity.VALID), Map.of(),
                io.lockchaos.checker.lock.UnsafeWindows.of(overtaken).toldBy(s.lock().lossNotice()));
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toJson());
        com.fasterxml.jackson.databind.JsonNode windows = json.path("unsafeWindows");
        assertEquals(1, windows.path("count").asInt());
        assertEquals(2500.0, windows.path("worstMs").asDouble());
        assertEquals(0, windows.path("lanes").path("fenced").path("count").asInt());
        com.fasterxml.jackson.databind.JsonNode one = windows.path("lanes").path("unfenced").path("windows").get(0);
        assertEquals("released", one.path("bound").asText());
        assertEquals("0", one.path("holder").asText());
        assertEquals(1500.0, one.path("grantedAtMs").asDouble());
        assertTrue(one.path("noticeMs").isNull(), "never told");
        assertEquals("redis-naive", windows.path("lossNotice").path("backend").asText());
        assertTrue(windows.path("lossNotice").path("from").isNull(), "SET NX PX cannot tell a holder: "
                + windows.path("lossNotice"));
        assertEquals("unsafe windows: unfenced: 1 unsafe window: worst 2500 ms, median 2500 ms, total 2500 ms; 0 of 1"
                + " told of the loss (redis-naive has no loss notice); fenced: no unsafe window", out.unsafeWindowsLine());
        RunOutcome valid = new RunOutcome(s, Path.of("r"), 9, checks(Validity.VALID, Validity.VALID));
        assertTrue(valid.toJson().contains("\"unsafeWindows\" : {\n    \"count\" : 0,"), valid.toJson());
    }

    private static io.lockchaos.history.Op op(long ms, String type, int process, String f, io.lockchaos.history.Value v) {
        return new io.lockchaos.history.Op(0, ms * 1_000_000, io.lockchaos.history.OpType.fromKeyword(type),
                io.lockchaos.history.Process.client(process), f, v);
    }
}
