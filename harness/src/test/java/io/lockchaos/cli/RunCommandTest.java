package io.lockchaos.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.ProjectRoot;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code run}, {@code list}, {@code replay} and {@code matrix} answers that need no Docker: listings and exit 3. */
class RunCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int execute(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    @Test
    void listShowsEachShippedScenarioWithItsDescription() {
        assertEquals(0, execute("list"));
        assertTrue(out.toString().contains("redis-naive-no-fault"), out.toString());
        assertTrue(out.toString().contains("no faults"), out.toString());
    }

    @Test
    void anUnknownScenarioIsBadUsageAndListsTheShippedOnes() {
        assertEquals(Main.EXIT_USAGE, execute("run", "no-such-scenario"));
        assertTrue(err.toString().contains("no scenario 'no-such-scenario'"), err.toString());
        assertTrue(err.toString().contains("redis-naive-no-fault"), err.toString());
    }

    @Test
    void aBadOptionIsBadUsage() {
        assertEquals(Main.EXIT_USAGE, execute("run", "redis-naive-no-fault", "--time", "0"));
        assertTrue(err.toString().contains("--time is 0"), err.toString());
        assertEquals(Main.EXIT_USAGE, execute("run", "--workers", "many"));
    }

    @Test
    void aScheduleThatDoesNotParseIsBadUsage(@TempDir Path dir) throws IOException {
        String shipped = Files.readString(ProjectRoot.find().resolve("scenarios").resolve("redis-naive-no-fault.json"));
        Path file = dir.resolve("paused.json");
        Files.writeString(file, shipped.replace("\"schedule\": \"\"", "\"schedule\": \"at 5s freeze worker-1 for 12s\""));
        assertEquals(Main.EXIT_USAGE, execute("run", file.toString()));
        assertTrue(err.toString().contains("field 'schedule'"), err.toString());
    }

    @Test
    void aBadScenarioFileNamesTheFileAndField(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "{\"name\": \"bad\", \"topology\": \"mainframe\"}");
        assertEquals(Main.EXIT_USAGE, execute("run", file.toString()));
        assertTrue(err.toString().contains(file + ": field 'topology' is 'mainframe'"), err.toString());
    }

    @Test
    void replayOfAFolderWithoutScenarioJsonIsBadUsage(@TempDir Path dir) {
        assertEquals(Main.EXIT_USAGE, execute("replay", dir.toString()));
        assertTrue(err.toString().contains(dir.resolve("scenario.json") + ": cannot read"), err.toString());
    }

    @Test
    void aScheduleOptionThatDoesNotParseIsBadUsage() {
        assertEquals(Main.EXIT_USAGE, execute("run", "redis-naive-no-fault", "--schedule", "random every 5s gc"));
        assertTrue(err.toString().contains("--schedule:1: "), err.toString());
        assertTrue(err.toString().contains("'gc' is not a kind of fault"), err.toString());
    }

    @Test
    void aRecordedRunKeepsTheScheduleAsDrawnForReplay(@TempDir Path dir) throws IOException {
        String shipped = Files.readString(ProjectRoot.find().resolve("scenarios").resolve("redis-naive-no-fault.json"));
        Path file = dir.resolve("scenario.json");
        String random = shipped.replace("\"schedule\": \"\"", "\"schedule\": \"random every 2s pause\"");
        Files.writeString(file, random.substring(0, random.lastIndexOf('}'))
                + ", \"resolved\": {\"schedule\": \"at 2s pause worker-2 for 1.5s\\n\"}}");
        assertEquals(java.util.Optional.of("at 2s pause worker-2 for 1.5s\n"),
                io.lockchaos.run.ScenarioFile.resolvedSchedule(file));
        assertEquals("random every 2s pause", io.lockchaos.run.ScenarioFile.read(file).schedule());
    }

    private static String byoExample() throws IOException {
        return Files.readString(ProjectRoot.find().resolve("examples/byo-lock/byo-watchdog-no-fault.json"));
    }

    @Test
    void aLockClasspathThatIsNotThereIsBadUsageNamingTheFileAndField(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("mine.json");
        Files.writeString(file, byoExample());
        assertEquals(Main.EXIT_USAGE, execute("run", file.toString()));
        assertTrue(err.toString().contains("lockchaos: " + file + ": field 'lock.classpath' is 'classes' ("
                + dir.resolve("classes") + ", which is neither a jar nor a directory)"), err.toString());
    }

    @Test
    void aLockClassThatIsNotThereIsBadUsageNamingTheFileAndField(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("classes"));
        Path file = dir.resolve("mine.json");
        Files.writeString(file, byoExample());
        assertEquals(Main.EXIT_USAGE, execute("run", file.toString()));
        assertTrue(err.toString().contains(file + ": field 'lock.backend': lock class com.example.WatchdogRedisLock"
                + " not found on lock.classpath [" + dir.resolve("classes") + "]"), err.toString());
    }

    @Test
    void matrixWithZeroRunsIsBadUsage() {
        assertEquals(Main.EXIT_USAGE, execute("matrix", "--runs", "0"));
        assertTrue(err.toString().contains("--runs is 0"), err.toString());
    }

    @Test
    void matrixWithAnUnknownScenarioIsBadUsageBeforeAnyRun() {
        assertEquals(Main.EXIT_USAGE, execute("matrix", "redis-naive-pause", "no-such-scenario"));
        assertTrue(err.toString().contains("no scenario 'no-such-scenario'"), err.toString());
        assertTrue(!err.toString().contains("running redis-naive-pause"), "nothing ran: " + err);
    }

    @Test
    void matrixWithABadDesignRowIsBadUsageNamingTheFile(@TempDir Path dir) throws IOException {
        String shipped = Files.readString(ProjectRoot.find().resolve("scenarios").resolve("redis-naive-pause.json"));
        Path file = dir.resolve("row.json");
        Files.writeString(file, shipped.replace("\"designRow\": 2", "\"designRow\": 0"));
        assertEquals(Main.EXIT_USAGE, execute("matrix", file.toString()));
        assertTrue(err.toString().contains(file + ": field 'designRow' is 0"), err.toString());
    }
}
