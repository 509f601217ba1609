package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Value;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.cluster.Clusters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bring-your-own example end to end, as its README tells a user: the {@code javac} line
 * compiles the watchdog lock against {@code harness/target/lockchaos.jar} (through the Java
 * compiler API, into a temporary folder), and each {@code ./lockchaos run} line runs through
 * {@link Run} on a real redis-single cluster with the class copied into every worker container.
 * With no fault every check is valid; with a holder paused past the TTL the watchdog freezes with
 * it, the lock is unsafe and the unfenced ledger corrupted, and fencing refuses the stale write.
 */
@Tag("chaos")
class BringYourOwnIT {

    private static final Path ROOT = Path.of("target", "run-results");
    private static final ByoExample README = ByoExample.readme();

    @TempDir
    static Path dir;
    private static List<Path> scenarios;

    @BeforeAll
    static void compileAsTheReadmeSays() {
        assertTrue(Files.isRegularFile(README.classpath()), "the README compiles against " + README.classpath());
        scenarios = README.prepare(dir, README.classpath().toString());
        assertEquals(List.of("byo-watchdog-no-fault.json", "byo-watchdog-pause.json"),
                scenarios.stream().map(p -> p.getFileName().toString()).toList());
    }

    private record Ran(RunOutcome outcome, History history) {
    }

    private static Ran run(Path file) throws IOException {
        Scenario scenario = ScenarioFile.read(file);
        RunOutcome outcome;
        String runId;
        Path results;
        try (Run run = Run.create(scenario, ROOT, line -> { })) {
            outcome = run.execute();
            runId = run.clusterRunId().orElseThrow();
            results = run.results().dir();
        }
        assertEquals(0, Clusters.containerCount(runId), "no container of the run is left");
        assertTrue(outcome.mismatches().isEmpty(), outcome.toText());
        assertTrue(Files.readString(results.resolve("scenario.json")).contains(dir.resolve("classes").toString()),
                "scenario.json records the classpath used");
        String log = Files.readString(results.resolve("logs").resolve("worker-1.log"));
        assertTrue(log.contains("-cp /opt/lockchaos/lockchaos.jar:" + WorkerContainer.USER + "/0-classes "), log);
        assertTrue(log.contains("worker-1 exited with status 143"), log);
        return new Ran(outcome, HistoryFormats.read(results.resolve("history.jsonl")));
    }

    @Test
    void withNoFaultEveryCheckIsValid() throws IOException {
        Ran ran = run(scenarios.get(0));
        for (CheckResult r : ran.outcome().checks().values()) {
            assertEquals(Validity.VALID, r.valid(), r.check() + ": " + r.summary());
        }
        long grants = ran.history().ops().stream()
                .filter(o -> o.type() == OpType.OK && o.f().equals("acquire")).count();
        assertTrue(grants >= 4, "the user's lock granted: " + grants);
    }

    @Test
    void aHolderPausedPastTheTtlBreaksTheLockAndFencingRefusesItsWrite() throws IOException {
        Ran ran = run(scenarios.get(1));
        for (String check : List.of("mutex", "holds", "ledger-unfenced")) {
            assertEquals(Validity.INVALID, ran.outcome().checks().get(check).valid(), ran.outcome().toText());
        }
        assertEquals(Validity.VALID, ran.outcome().checks().get("ledger-fenced").valid(), ran.outcome().toText());
        List<Op> refused = ran.history().ops().stream().filter(o -> o.type() == OpType.FAIL
                && o.f().equals("append") && o.error().equals(Value.kw("stale-token"))).toList();
        assertTrue(!refused.isEmpty(), "the fenced store refused a stale token");
        assertTrue(ran.history().ops().stream().anyMatch(o -> o.f().equals("start-pause")), "a holder was paused");
    }
}
