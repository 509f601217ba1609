package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.harness.cluster.Clusters;
import io.lockchaos.harness.cluster.ProjectRoot;
import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.checker.history.format.HistoryFormats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The shipped scenarios end to end, each once. Rows 2, 3, 7, 8 of docs/design.md: the schedule
 * is played for real on the cluster and the workers, every expected verdict comes true (the
 * lock is unsafe, the unfenced ledger is corrupted, fencing saved the fenced one by refusing a
 * stale token), every fault was healed before the workers stopped, and nothing of the run is
 * left. Every other shipped scenario: its expected verdicts, every fault healed, nothing left.
 */
@Tag("chaos")
class FaultScenariosIT {

    private static final Path ROOT = Path.of("target", "run-results");

    /** Run, with more assertions, by {@link #theScenarioReachesTheVerdictsTheTheoryPredicts}. */
    private static final List<String> SEED_ROWS = List.of("redis-naive-pause", "redis-naive-clock", "curator-pause",
            "curator-partition");

    /**
     * Shipped scenarios left out of the default set until they reach their verdicts reliably,
     * each with why (scenarios/README.md says the same); {@code -Dlockchaos.scenarios=NAME} runs one.
     */
    static final Map<String, String> NOT_YET_STABLE = Map.of(
            "redlock-clock", "its last run found no fresh holder within 10 s (exit 2); the holder's cut must be"
                    + " timed against its grant",
            "redlock-latency", "not yet measured to reach its verdicts on this machine");

    /** One run's outcome, its cluster's run id and its results folder. */
    private record Ran(Scenario scenario, RunOutcome outcome, String runId, Path dir) {
    }

    private static Ran run(String name) {
        Scenario scenario = ScenarioFile.read(ProjectRoot.find().resolve("scenarios").resolve(name + ".json"));
        try (Run run = Run.create(scenario, ROOT, line -> { })) {
            RunOutcome outcome = run.execute();
            return new Ran(scenario, outcome, run.clusterRunId().orElseThrow(), run.results().dir());
        }
    }

    /** The history's nemesis ops, after asserting that every injected fault was healed and the run ended healed. */
    private static List<Op> assertHealed(Ran ran, History history) {
        List<Op> nemesis = history.ops().stream().filter(o -> o.process().equals(Process.NEMESIS)).toList();
        long starts = nemesis.stream().filter(o -> NemesisOps.started(o.f()).isPresent()).count();
        long stops = nemesis.stream().filter(o -> NemesisOps.stopped(o.f()).isPresent()).count();
        assertEquals(ran.scenario().schedule().isBlank(), starts == 0, "the schedule injected its faults: " + nemesis);
        assertEquals(starts, stops, "every injected fault was healed: " + nemesis);
        if (starts > 0) {
            assertEquals(NemesisOps.HEAL_ALL, nemesis.get(nemesis.size() - 1).f(), "the run ends with a heal: " + nemesis);
        }
        return nemesis;
    }

    @ParameterizedTest
    @MethodSource("seedRows")
    void theScenarioReachesTheVerdictsTheTheoryPredicts(String name) throws IOException {
        Ran ran = run(name);
        RunOutcome outcome = ran.outcome();
        assertTrue(outcome.mismatches().isEmpty(), outcome.toText());
        assertEquals(0, outcome.exitCode(), outcome.toText());
        assertEquals(Validity.INVALID, outcome.checks().get("ledger-unfenced").valid(), outcome.toText());
        assertEquals(Validity.VALID, outcome.checks().get("ledger-fenced").valid(), outcome.toText());

        History history = HistoryFormats.read(ran.dir().resolve("history.jsonl"));
        assertTrue(assertHealed(ran, history).size() > 0, "the schedule injected faults");
        assertTrue(history.ops().stream().anyMatch(o -> o.type() == OpType.FAIL && o.f().equals("append")
                && o.error().equals(Value.kw("stale-token"))), "the fenced store refused a stale token");
        for (String worker : List.of("worker-1", "worker-2", "worker-3", "worker-4")) {
            String log = Files.readString(ran.dir().resolve("logs").resolve(worker + ".log"));
            assertTrue(log.contains(worker + " exited with status 143"), "resumed, then stopped by SIGTERM: " + log);
        }
        assertTrue(Files.readString(ran.dir().resolve("scenario.json")).contains(ran.scenario().schedule().lines()
                .findFirst().orElseThrow()), "scenario.json records the schedule");
        assertEquals(0, Clusters.containerCount(ran.runId()), "no container of the run is left");
    }

    /**
     * Every other shipped scenario, once: each of its twelve expected verdicts comes true, every
     * fault is healed, nothing is left. {@code -Dlockchaos.scenarios=a,b} runs only those.
     */
    @ParameterizedTest
    @MethodSource("otherShipped")
    void everyOtherShippedScenarioReachesItsExpectedVerdicts(String name) {
        Ran ran = run(name);
        assertEquals(ran.scenario().checkNames().size(), ran.scenario().expect().size(), "it states every check");
        assertTrue(ran.outcome().mismatches().isEmpty(), ran.outcome().toText());
        assertHealed(ran, HistoryFormats.read(ran.dir().resolve("history.jsonl")));
        assertEquals(0, Clusters.containerCount(ran.runId()), "no container of the run is left");
    }

    static List<String> seedRows() {
        return SEED_ROWS;
    }

    static List<String> otherShipped() throws IOException {
        String only = System.getProperty("lockchaos.scenarios", "");
        if (!only.isBlank()) {
            return java.util.Arrays.stream(only.split(",")).map(String::strip).toList();
        }
        try (java.util.stream.Stream<Path> files = Files.list(ProjectRoot.find().resolve("scenarios"))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json"))
                    .map(n -> n.substring(0, n.length() - ".json".length())).filter(n -> !SEED_ROWS.contains(n))
                    .filter(n -> !NOT_YET_STABLE.containsKey(n)).sorted().toList();
        }
    }
}
