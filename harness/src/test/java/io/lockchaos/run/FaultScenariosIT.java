package io.lockchaos.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.Validity;
import io.lockchaos.checker.history.History;
import io.lockchaos.checker.history.Op;
import io.lockchaos.checker.history.OpType;
import io.lockchaos.checker.history.Process;
import io.lockchaos.checker.history.Value;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.checker.history.format.HistoryFormats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shipped fault scenarios end to end (docs/design.md rows 2, 3, 7, 8): the schedule is played for
 * real on the cluster and the workers, every expected verdict comes true (the lock is unsafe,
 * the unfenced ledger is corrupted, fencing saved the fenced one by refusing a stale token),
 * every fault was healed before the workers stopped, and nothing of the run is left.
 */
@Tag("chaos")
class FaultScenariosIT {

    private static final Path ROOT = Path.of("target", "run-results");

    @ParameterizedTest
    @ValueSource(strings = {"redis-naive-pause", "redis-naive-clock", "curator-pause", "curator-partition"})
    void theScenarioReachesTheVerdictsTheTheoryPredicts(String name) throws IOException {
        Scenario scenario = ScenarioFile.read(ProjectRoot.find().resolve("scenarios").resolve(name + ".json"));
        RunOutcome outcome;
        String runId;
        Path dir;
        try (Run run = Run.create(scenario, ROOT, line -> { })) {
            outcome = run.execute();
            runId = run.clusterRunId().orElseThrow();
            dir = run.results().dir();
        }
        assertTrue(outcome.mismatches().isEmpty(), outcome.toText());
        assertEquals(0, outcome.exitCode(), outcome.toText());
        assertEquals(Validity.INVALID, outcome.checks().get("ledger-unfenced").valid(), outcome.toText());
        assertEquals(Validity.VALID, outcome.checks().get("ledger-fenced").valid(), outcome.toText());

        History history = HistoryFormats.read(dir.resolve("history.jsonl"));
        List<Op> nemesis = history.ops().stream().filter(o -> o.process().equals(Process.NEMESIS)).toList();
        long starts = nemesis.stream().filter(o -> o.f().startsWith("start-")).count();
        long stops = nemesis.stream().filter(o -> o.f().startsWith("stop-")).count();
        assertTrue(starts > 0, "the schedule injected faults: " + nemesis);
        assertEquals(starts, stops, "every injected fault was healed: " + nemesis);
        assertEquals("heal-all", nemesis.get(nemesis.size() - 1).f(), "the run ends with a heal: " + nemesis);
        assertTrue(history.ops().stream().anyMatch(o -> o.type() == OpType.FAIL && o.f().equals("append")
                && o.error().equals(Value.kw("stale-token"))), "the fenced store refused a stale token");
        for (String worker : List.of("worker-1", "worker-2", "worker-3", "worker-4")) {
            String log = Files.readString(dir.resolve("logs").resolve(worker + ".log"));
            assertTrue(log.contains(worker + " exited with status 143"), "resumed, then stopped by SIGTERM: " + log);
        }
        assertTrue(Files.readString(dir.resolve("scenario.json")).contains(scenario.schedule().lines().findFirst()
                .orElseThrow()), "scenario.json records the schedule");
        assertEquals(0, Clusters.containerCount(runId), "no container of the run is left");
    }
}
