package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.harness.cluster.ProjectRoot;
import io.lockchaos.harness.run.ScenarioFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code explore}, {@code shrink} and {@code matrix --shard/--merge} refuse bad input with exit 3 before any run starts. */
class ExploreCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int execute(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    @Test
    void exploreRefusesBadOptions() {
        assertEquals(Main.EXIT_USAGE, execute("explore", "redis-naive-pause", "--runs", "0"));
        assertTrue(err.toString().contains("--runs is 0; give 1 or more"), err.toString());
        assertEquals(Main.EXIT_USAGE, execute("explore", "redis-naive-pause", "--runs", "2", "--faults", "pause,clok"));
        assertTrue(err.toString().contains("'clok' is not a kind of fault"), err.toString());
        assertEquals(Main.EXIT_USAGE, execute("explore", "redis-naive-pause", "--runs", "2", "--every", "soon"));
        assertTrue(err.toString().contains("'soon' is not a positive interval"), err.toString());
        assertEquals(Main.EXIT_USAGE, execute("explore", "redis-naive-pause", "--runs", "2", "--shard", "3/2"));
        assertTrue(err.toString().contains("--shard 3/2 is no shard"), err.toString());
        assertEquals(Main.EXIT_USAGE, execute("explore", "redis-naive-pause"));
        assertTrue(err.toString().contains("--runs"), err.toString());
    }

    @Test
    void shrinkRefusesARunWithoutAFailure(@TempDir Path dir) throws IOException {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.writeString(run.resolve("scenario.json"), ScenarioFile.toJson(ScenarioFile.read(
                ProjectRoot.find().resolve("scenarios").resolve("redis-naive-pause.json")),
                Map.of("schedule", "at 3s pause worker-1 for 3s\n")));
        assertEquals(Main.EXIT_USAGE, execute("shrink", run.toString()));
        assertTrue(err.toString().contains("results.json is missing"), err.toString());
        Files.writeString(run.resolve("results.json"), "{\"checks\":{\"mutex\":{\"valid\":true},\"holds\":{\"valid\":false}}}");
        assertEquals(Main.EXIT_USAGE, execute("shrink", run.toString(), "--check", "mutex"));
        assertTrue(err.toString().contains("--check mutex: that check is not invalid") && err.toString().contains(
                "invalid there: holds"), err.toString());
        assertEquals(Main.EXIT_USAGE, execute("shrink", run.toString(), "--tries", "2", "--min-fails", "3"));
        assertTrue(err.toString().contains("give 1 <= min-fails <= tries"), err.toString());
        Files.writeString(run.resolve("results.json"), "{\"checks\":{\"mutex\":{\"valid\":true}}}");
        assertEquals(Main.EXIT_USAGE, execute("shrink", run.toString()));
        assertTrue(err.toString().contains("no check is invalid in this run"), err.toString());
    }

    @Test
    void matrixRefusesABadShardAndAFolderWithoutAMatrix(@TempDir Path dir) {
        assertEquals(Main.EXIT_USAGE, execute("matrix", "--shard", "0/4"));
        assertTrue(err.toString().contains("--shard 0/4 is no shard"), err.toString());
        assertEquals(Main.EXIT_USAGE, execute("matrix", "--merge", dir.toString()));
        assertTrue(err.toString().contains(dir + " has no matrix.json"), err.toString());
        assertEquals(Main.EXIT_USAGE, execute("matrix", "redis-naive-pause", "--merge", dir.toString()));
        assertTrue(err.toString().contains("--merge runs nothing"), err.toString());
    }
}
