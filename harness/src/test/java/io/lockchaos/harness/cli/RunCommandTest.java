package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.ProjectRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run}, {@code list}, {@code replay} and {@code matrix} answers that need no Docker: listings and exit 3. */
class RunCommandTest {

    /** What the latest {@link #execute} printed. */
    private CliOutcome last;

    private int execute(String... args) {
        last = CliOutcome.run(args);
        return last.exit();
    }

    @Test
    void listShowsEachShippedScenarioWithItsDescription() {
        assertEquals(0, execute("list"));
        assertTrue(last.out().contains("redis-naive-no-fault"), last.out());
        assertTrue(last.out().contains("no faults"), last.out());
    }

    @Test
    void anUnknownScenarioIsBadUsageAndListsTheShippedOnes() {
        assertEquals(Main.EXIT_USAGE, execute("run", "no-such-scenario"));
        assertTrue(last.err().contains("no scenario 'no-such-scenario'"), last.err());
        assertTrue(last.err().contains("redis-naive-no-fault"), last.err());
    }

    @Test
    void aBadOptionIsBadUsage() {
        assertEquals(Main.EXIT_USAGE, execute("run", "redis-naive-no-fault", "--time", "0"));
        assertTrue(last.err().contains("--time is 0"), last.err());
        assertEquals(Main.EXIT_USAGE, execute("run", "--workers", "many"));
    }

    @Test
    void aScheduleThatDoesNotParseIsBadUsage(@TempDir Path dir) throws IOException {
        String shipped = Files.readString(ProjectRoot.find().resolve("scenarios").resolve("redis-naive-no-fault.json"));
        Path file = dir.resolve("paused.json");
        Files.writeString(file, shipped.replace("\"schedule\": \"\"", "\"schedule\": \"at 5s freeze worker-1 for 12s\""));
        assertEquals(Main.EXIT_USAGE, execute("run", file.toString()));
        assertTrue(last.err().contains("field 'schedule'"), last.err());
    }

    @Test
    void aBadScenarioFileNamesTheFileAndField(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "{\"name\": \"bad\", \"topology\": \"mainframe\"}");
        assertEquals(Main.EXIT_USAGE, execute("run", file.toString()));
        assertTrue(last.err().contains(file + ": field 'topology' is \"mainframe\""), last.err());
    }

    @Test
    void replayOfAFolderWithoutScenarioJsonIsBadUsage(@TempDir Path dir) {
        assertEquals(Main.EXIT_USAGE, execute("replay", dir.toString()));
        assertTrue(last.err().contains(dir.resolve("scenario.json") + ": cannot read"), last.err());
    }

    @Test
    void aScheduleOptionThatDoesNotParseIsBadUsage() {
        assertEquals(Main.EXIT_USAGE, execute("run", "redis-naive-no-fault", "--schedule", "random every 5s gc"));
        assertTrue(last.err().contains("--schedule:1: "), last.err());
        assertTrue(last.err().contains("'gc' is not a kind of fault"), last.err());
    }

    @Test
    void aRecordedRunKeepsTheScheduleAsDrawnForReplay(@TempDir Path dir) throws IOException {
        String shipped = Files.readString(ProjectRoot.find().resolve("scenarios").resolve("redis-naive-no-fault.json"));
        Path file = dir.resolve("scenario.json");
        String random = shipped.replace("\"schedule\": \"\"", "\"schedule\": \"random every 2s pause\"");
        Files.writeString(file, random.substring(0, random.lastIndexOf('}'))
                + ", \"resolved\": {\"schedule\": \"at 2s pause worker-2 for 1.5s\\n\"}}");
        assertEquals(java.util.Optional.of("at 2s pause worker-2 for 1500ms\n"),
                io.lockchaos.harness.run.ScenarioFile.resolvedSchedule(file).map(p -> p.text()));
        assertEquals("random every 2s pause", io.lockchaos.harness.run.ScenarioFile.read(file).schedule().oneLine());
    }

    @Test
    void aScheduleOptionTheRunCannotPlayIsBadUsageBeforeAnythingStarts() throws IOException {
        Path results = ProjectRoot.find().resolve("results");
        String before = resultsState(results);
        assertEquals(Main.EXIT_USAGE, execute("run", "redis-naive-no-fault", "--schedule", "at 2s kill storage for 0ms"));
        assertTrue(last.err().contains("lockchaos: --schedule: step 'at 2s kill storage for 0s': it lasts 0"),
                last.err());
        assertEquals(Main.EXIT_USAGE, execute("run", "redis-naive-no-fault", "--schedule", "at 2s kill storage for 1s"));
        assertTrue(last.err().contains("--schedule: step 'at 2s kill storage for 1s': 'storage' is never faulted"),
                last.err());
        assertEquals(Main.EXIT_USAGE, execute("run", "redis-naive-no-fault", "--time", "10", "--schedule",
                "at 3s pause worker-1 for 1s; at 12s pause worker-2 for 1s"));
        assertTrue(last.err().contains("--schedule: step 'at 12s pause worker-2 for 1s': it starts at 12000 ms, when"
                + " the workload (durationMs 10000) has ended"), last.err());
        assertEquals(before, resultsState(results), "no results folder made, results/latest not moved");
    }

    @Test
    void tooManyWorkersForTheMachineIsBadUsage() throws IOException {
        Path results = ProjectRoot.find().resolve("results");
        String before = resultsState(results);
        assertEquals(Main.EXIT_USAGE, execute("run", "redis-naive-no-fault", "--workers", "10000"));
        assertTrue(last.err().contains("lockchaos: --workers is 10000; allowed: 1 to 24 per storage mode (48 worker"
                + " containers in all"), last.err());
        assertEquals(Main.EXIT_USAGE, execute("run", "redis-naive-no-fault", "--workers", "0"));
        assertTrue(last.err().contains("--workers is 0;"), last.err());
        assertEquals(before, resultsState(results));
    }

    @Test
    void aFileWithAStepTheRunCannotPlayOrTrailingTextIsBadUsageNamingTheFile(@TempDir Path dir) throws IOException {
        String shipped = Files.readString(ProjectRoot.find().resolve("scenarios").resolve("redis-naive-no-fault.json"));
        Path file = dir.resolve("redis-7.json");
        Files.writeString(file, changed(shipped, "\"schedule\": \"\"", "\"schedule\": \"at 3s pause redis-7 for 2s\""));
        assertEquals(Main.EXIT_USAGE, execute("run", file.toString()));
        assertTrue(last.err().contains(file + " field 'schedule': step 'at 3s pause redis-7 for 2s': no node or"
                + " worker 'redis-7'"), last.err());
        Files.writeString(file, shipped + " {}");
        assertEquals(Main.EXIT_USAGE, execute("run", file.toString()));
        assertTrue(last.err().contains(file + ": not JSON (Trailing token"), last.err());
        Files.writeString(file, changed(shipped, "\"tokens\": \"redis-incr\"}",
                "\"tokens\": \"redis-incr\", \"options\": {\"node-timout-ms\": \"5\"}}"));
        assertEquals(Main.EXIT_USAGE, execute("run", file.toString()));
        assertTrue(last.err().contains(file + ": field 'lock.options.node-timout-ms' is not an option of backend"
                + " redis-naive"), last.err());
    }

    @Test
    void aStoreThatIsNotOneIsBadUsageBeforeAnythingStarts(@TempDir Path dir) throws IOException {
        Path results = ProjectRoot.find().resolve("results");
        String before = resultsState(results);
        String shipped = Files.readString(ProjectRoot.find().resolve("scenarios").resolve("redis-naive-pause.json"));
        Path file = dir.resolve("store.json");
        Files.writeString(file, changed(shipped, "\"workers\": 2,", "\"store\": \"mysql\", \"workers\": 2,"));
        assertEquals(Main.EXIT_USAGE, execute("run", file.toString()));
        assertTrue(last.err().contains(file + ": field 'store' is \"mysql\"; allowed: redis, postgres"), last.err());
        Files.writeString(file, changed(shipped, "\"workers\": 2,", "\"store\": 5, \"workers\": 2,"));
        assertEquals(Main.EXIT_USAGE, execute("run", file.toString()));
        assertTrue(last.err().contains(file + ": field 'store' is 5; allowed: redis, postgres"), last.err());
        assertEquals(before, resultsState(results), "no results folder made, results/latest not moved");
    }

    /** {@code text} with {@code from} replaced, which must be in it (else the test would run a good scenario). */
    private static String changed(String text, String from, String to) {
        assertTrue(text.contains(from), "the fixture has " + from);
        return text.replace(from, to);
    }

    /** What is under {@code results}: each scenario folder's runs and where {@code latest} points. */
    private static String resultsState(Path results) throws IOException {
        if (!Files.isDirectory(results)) {
            return "none";
        }
        StringBuilder state = new StringBuilder();
        try (var walk = Files.walk(results, 2)) {
            walk.sorted().forEach(p -> state.append(results.relativize(p)).append('\n'));
        }
        Path latest = results.resolve("latest");
        return state + (Files.isSymbolicLink(latest) ? "latest -> " + Files.readSymbolicLink(latest) : "no latest");
    }

    private static String byoExample() throws IOException {
        return Files.readString(ProjectRoot.find().resolve("examples/byo-lock/byo-watchdog-no-fault.json"));
    }

    @Test
    void aLockClasspathThatIsNotThereIsBadUsageNamingTheFileAndField(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("mine.json");
        Files.writeString(file, byoExample());
        assertEquals(Main.EXIT_USAGE, execute("run", file.toString()));
        assertTrue(last.err().contains("lockchaos: " + file + ": field 'lock.classpath' is 'classes' ("
                + dir.resolve("classes") + ", which is neither a jar nor a directory)"), last.err());
    }

    @Test
    void aLockClassThatIsNotThereIsBadUsageNamingTheFileAndField(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("classes"));
        Path file = dir.resolve("mine.json");
        Files.writeString(file, byoExample());
        assertEquals(Main.EXIT_USAGE, execute("run", file.toString()));
        assertTrue(last.err().contains(file + ": field 'lock.backend': lock class com.example.WatchdogRedisLock"
                + " not found on lock.classpath [" + dir.resolve("classes") + "]"), last.err());
    }

    @Test
    void matrixWithZeroRunsIsBadUsage() {
        assertEquals(Main.EXIT_USAGE, execute("matrix", "--runs", "0"));
        assertTrue(last.err().contains("--runs is 0"), last.err());
    }

    @Test
    void matrixWithAnUnknownScenarioIsBadUsageBeforeAnyRun() {
        assertEquals(Main.EXIT_USAGE, execute("matrix", "redis-naive-pause", "no-such-scenario"));
        assertTrue(last.err().contains("no scenario 'no-such-scenario'"), last.err());
        assertTrue(!last.err().contains("running redis-naive-pause"), "nothing ran: " + last.err());
    }

    @Test
    void matrixWithABadDesignRowIsBadUsageNamingTheFile(@TempDir Path dir) throws IOException {
        String shipped = Files.readString(ProjectRoot.find().resolve("scenarios").resolve("redis-naive-pause.json"));
        Path file = dir.resolve("row.json");
        Files.writeString(file, shipped.replace("\"designRow\": 2", "\"designRow\": 0"));
        assertEquals(Main.EXIT_USAGE, execute("matrix", file.toString()));
        assertTrue(last.err().contains(file + ": field 'designRow' is 0"), last.err());
    }
}
