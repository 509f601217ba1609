package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.cluster.Clusters;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.testkit.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The shipped no-fault scenario end to end on a real redis-single cluster with worker JVMs in
 * containers: every check valid, a complete results folder, nothing left behind; and a run
 * closed midway leaves a readable history.
 */
@Tag("chaos")
class RunIT {

    private static final Path ROOT = Path.of("target", "run-results");

    private static Scenario shortNoFault() {
        return ScenarioFile.read(ProjectRoot.find().resolve("scenarios").resolve("redis-naive-no-fault.json"))
                .withDuration(Duration.ofSeconds(10)).withWorkers(2);
    }

    @Test
    void theNoFaultScenarioIsValidAndLeavesACompleteResultsFolder() throws IOException {
        List<String> progress = new CopyOnWriteArrayList<>();
        RunOutcome outcome;
        String runId;
        Path dir;
        try (Run run = Run.create(shortNoFault(), ROOT, progress::add)) {
            outcome = run.execute();
            runId = run.clusterRunId().orElseThrow();
            dir = run.results().dir();
        }
        for (CheckResult r : outcome.checks().values()) {
            assertEquals(Validity.VALID, r.valid(), r.check() + ": " + r.summary());
        }
        assertEquals(shortNoFault().checkNames(), List.copyOf(outcome.checks().keySet()));
        assertTrue(outcome.mismatches().isEmpty());
        assertEquals(0, outcome.exitCode());
        assertTrue(outcome.checks().get("ledger-fenced").summary().contains("fenced"), outcome.toText());

        History history = HistoryFormats.read(dir.resolve("history.jsonl"));
        History edn = HistoryFormats.read(dir.resolve("history.edn"));
        assertEquals(history.size(), edn.size());
        assertEquals(outcome.events(), history.size());
        assertTrue(history.size() > 100, "workers did some work: " + history.size() + " events");
        long finals = history.ops().stream().filter(o -> o.process().toString().equals("final")).count();
        assertEquals(4, finals, "one read-all invocation and completion per ledger key (2 lanes x 1 lock)");
        for (int i = 1; i < history.size(); i++) {
            assertTrue(history.ops().get(i - 1).time() <= history.ops().get(i).time(), "merged by time at " + i);
        }
        Scenario recorded = ScenarioFile.read(dir.resolve("scenario.json"));
        assertEquals(shortNoFault(), recorded, "scenario.json replays the same scenario");
        assertTrue(Files.readString(dir.resolve("scenario.json")).contains("image.jvm"));
        assertTrue(Files.readString(dir.resolve("results.json")).contains("\"ledger-unfenced\""));
        assertTrue(Files.size(dir.resolve("report.html")) > 0, "report.html is written at the end");
        for (String worker : List.of("worker-1", "worker-2", "worker-3", "worker-4")) {
            String log = Files.readString(dir.resolve("logs").resolve(worker + ".log"));
            assertTrue(log.contains(worker + " exited with status 143"), "stopped by SIGTERM: " + log);
        }
        for (String node : List.of("redis-1", "storage")) {
            assertTrue(Files.size(dir.resolve("logs").resolve(node + ".log")) > 0, "the log of " + node);
        }
        assertEquals(dir.toRealPath(), ROOT.resolve("latest").toRealPath(), "results/latest points at the run");
        assertEquals(0, Clusters.containerCount(runId), "no container of the run is left");
        assertTrue(progress.stream().anyMatch(l -> l.contains("events so far")), "progress while it runs: " + progress);
    }

    @Test
    void aRunClosedMidwayLeavesAReadableHistory() throws Exception {
        Run run = Run.create(shortNoFault().withDuration(Duration.ofSeconds(120)), ROOT, line -> { });
        Path jsonl = run.results().historyJsonl();
        CompletableFuture<RunOutcome> running = CompletableFuture.supplyAsync(run::execute);
        try {
            Await.until(Duration.ofSeconds(180), "50 lines of history, or the run's end",
                    () -> lines(jsonl) >= 50 || running.isDone());
            assertTrue(lines(jsonl) >= 50, "the history grows while the run goes: " + lines(jsonl) + " lines");
        } finally {
            run.close();
        }
        String runId = run.clusterRunId().orElseThrow();
        try {
            running.get(Await.scaled(Duration.ofSeconds(120)).toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException expected) {
            // The run's workers were removed under it: execute() ends with an error, as it should.
            assertFalse(expected.getCause() instanceof AssertionError);
        }
        History history = HistoryFormats.read(jsonl);
        assertTrue(history.size() >= 50, history.size() + " events");
        assertTrue(Files.readString(run.results().reportHtml()).contains("The run failed: "),
                "the failed run's report.html says so");
        assertEquals(0, Clusters.containerCount(runId), "closing removed every container of the run");
    }

    private static long lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file).size() : 0;
        } catch (IOException e) {
            throw new AssertionError("cannot read " + file, e);
        }
    }
}
