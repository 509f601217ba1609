package io.lockchaos.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.history.History;
import io.lockchaos.checker.history.Op;
import io.lockchaos.checker.history.Process;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.ProjectRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every shipped scenario that {@link FaultScenariosIT} does not run, once, end to end: each
 * expected verdict comes true, every injected fault was healed and the run ended with a
 * {@code heal-all}, and nothing of the run is left. {@code -Dlockchaos.scenarios=a,b} runs only
 * those (names of shipped scenarios).
 */
@Tag("chaos")
class ShippedScenariosIT {

    private static final Path ROOT = Path.of("target", "run-results");
    /** Run, with more assertions, by {@link FaultScenariosIT}. */
    private static final Set<String> ELSEWHERE = Set.of("redis-naive-pause", "redis-naive-clock", "curator-pause",
            "curator-partition");

    static Stream<String> scenarios() throws IOException {
        String only = System.getProperty("lockchaos.scenarios", "");
        if (!only.isBlank()) {
            return Arrays.stream(only.split(",")).map(String::strip);
        }
        try (Stream<Path> files = Files.list(ProjectRoot.find().resolve("scenarios"))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json"))
                    .map(n -> n.substring(0, n.length() - ".json".length())).filter(n -> !ELSEWHERE.contains(n))
                    .sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void theScenarioReachesItsExpectedVerdictsAndLeavesNothing(String name) {
        Scenario scenario = ScenarioFile.read(ProjectRoot.find().resolve("scenarios").resolve(name + ".json"));
        assertEquals(scenario.checkNames().size(), scenario.expect().size(), "a shipped scenario states every check");
        RunOutcome outcome;
        String runId;
        Path dir;
        try (Run run = Run.create(scenario, ROOT, line -> { })) {
            outcome = run.execute();
            runId = run.clusterRunId().orElseThrow();
            dir = run.results().dir();
        }
        assertTrue(outcome.mismatches().isEmpty(), outcome.toText());
        History history = HistoryFormats.read(dir.resolve("history.jsonl"));
        List<Op> nemesis = history.ops().stream().filter(o -> o.process().equals(Process.NEMESIS)).toList();
        long starts = nemesis.stream().filter(o -> o.f().startsWith("start-")).count();
        assertEquals(scenario.schedule().isBlank(), starts == 0, "the schedule's faults were injected: " + nemesis);
        assertEquals(starts, nemesis.stream().filter(o -> o.f().startsWith("stop-")).count(),
                "every injected fault was healed: " + nemesis);
        if (starts > 0) {
            assertEquals("heal-all", nemesis.get(nemesis.size() - 1).f(), "the run ends with a heal: " + nemesis);
        }
        assertEquals(0, Clusters.containerCount(runId), "no container of the run is left");
    }
}
