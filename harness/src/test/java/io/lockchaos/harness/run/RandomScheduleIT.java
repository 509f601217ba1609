package io.lockchaos.harness.run;

import io.lockchaos.faults.schedule.SchedulePlan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.faults.schedule.Schedule;
import io.lockchaos.faults.schedule.ScheduledFault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A random schedule on a real cluster: drawn once the cluster is up, recorded in scenario.json,
 * played step by step (each drawn fault injected and healed in the history), and replayable.
 */
@Tag("chaos")
class RandomScheduleIT {

    private static final Path ROOT = Path.of("target", "run-results");

    @Test
    void aRandomScheduleIsDrawnRecordedAndPlayed() {
        Scenario s = ScenarioFile.read(ProjectRoot.find().resolve("scenarios").resolve("redis-naive-no-fault.json"))
                .withDuration(Duration.ofSeconds(9)).withWorkers(1).withSchedule(SchedulePlan.parse("test", "random every 2s pause,clock"))
                .withoutExpectations().withSeed(3);
        Path dir;
        String runId;
        try (Run run = Run.create(s, ROOT, line -> { })) {
            run.execute();
            dir = run.results().dir();
            runId = run.clusterRunId().orElseThrow();
        }
        Schedule drawn = ((SchedulePlan.Scripted) ScenarioFile.resolvedSchedule(dir.resolve("scenario.json"))
                .orElseThrow()).schedule();
        assertEquals(3, drawn.steps().size(), "one fault every 2 s that ends within 9 s: " + drawn.script());
        History history = HistoryFormats.read(dir.resolve("history.jsonl"));
        List<Op> nemesis = history.ops().stream().filter(o -> o.process().toString().equals("nemesis")).toList();
        for (ScheduledFault step : drawn.steps()) {
            String kind = step.fault() instanceof io.lockchaos.faults.schedule.FaultSpec.Pause ? "pause" : "clock";
            long starts = nemesis.stream().filter(o -> o.f().equals("start-" + kind)).count();
            long stops = nemesis.stream().filter(o -> o.f().equals("stop-" + kind)).count();
            assertTrue(starts >= 1 && starts == stops, kind + ": " + starts + " injected, " + stops + " healed in "
                    + nemesis);
        }
        long injected = nemesis.stream().filter(o -> o.f().startsWith("start-")).count();
        assertEquals(drawn.steps().size(), injected, "every drawn step and nothing else was injected: " + nemesis);
        assertEquals(1, nemesis.stream().filter(o -> o.f().equals("heal-all")).count(),
                "one final heal, recorded once: " + nemesis);
        assertFalse(nemesis.stream().anyMatch(o -> o.value().toString().contains("holder-")),
                "holder aliases are resolved to workers before they are recorded: " + nemesis);
        assertEquals(0, Clusters.containerCount(runId), "no container of the run is left");
    }
}
