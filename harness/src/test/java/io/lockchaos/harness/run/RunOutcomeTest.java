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
}
