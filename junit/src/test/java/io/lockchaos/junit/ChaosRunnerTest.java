package io.lockchaos.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Validity;
import io.lockchaos.cluster.Topology;
import io.lockchaos.harness.run.RunOutcome;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.lock.Tokens;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a finished run prints in a test's output, passed or not: the verdicts, not only where the report is. */
class ChaosRunnerTest {

    private static final Path DIR = Path.of("/p/target/lockchaos/T.paused/20261201-130000");

    private static RunOutcome outcome(Validity expectedMutex) {
        Scenario s = Scenario.on(Topology.REDIS_SINGLE).name("T.paused").lock(io.lockchaos.workloads.backend.Backend.REDIS_NAIVE).tokens(Tokens.REDIS_INCR)
                .storage(Fencing.UNFENCED, Fencing.FENCED).workers(2).duration(Duration.ofSeconds(12))
                .expect("mutex", expectedMutex).build();
        return new RunOutcome(s, DIR, 120, Map.of(
                "mutex", new CheckResult("mutex", Validity.INVALID, "2 overlapping holds", List.of())));
    }

    @Test
    void aRunThatReachedItsExpectationsPrintsEachVerdictAndSaysSo() {
        List<String> lines = ChaosRunner.printed(outcome(Validity.INVALID)).lines().toList();
        assertTrue(lines.stream().allMatch(l -> l.startsWith("[lockchaos T.paused] ")), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.matches(".*mutex +invalid +2 overlapping holds")), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.matches(".*expect mutex +invalid +got invalid +ok")), String.join("\n", lines));
        assertEquals("[lockchaos T.paused] every check reached the expected verdict", lines.get(lines.size() - 2));
        assertEquals("[lockchaos T.paused] results: " + DIR, lines.get(lines.size() - 1));
    }

    @Test
    void aRunThatMissedAnExpectationNamesTheCheck() {
        String printed = ChaosRunner.printed(outcome(Validity.VALID));
        assertTrue(printed.contains("expect mutex") && printed.contains("MISMATCH"), printed);
        assertTrue(printed.contains("checks that did not reach the expected verdict: [mutex]"), printed);
    }
}
