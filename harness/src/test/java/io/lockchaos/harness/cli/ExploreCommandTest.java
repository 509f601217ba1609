package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.run.ScenarioFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code explore}, {@code shrink} and {@code matrix --shard/--merge} refuse bad input with exit 3 before any run starts. */
class ExploreCommandTest {

    /** Runs {@code args}, asserts exit 3 and that the error says {@code says}. */
    private static void refused(String says, String... args) {
        CliOutcome o = CliOutcome.run(args);
        assertEquals(Main.EXIT_USAGE, o.exit(), o.err());
        assertTrue(o.err().contains(says), o.err());
    }

    @Test
    void exploreRefusesBadOptions() {
        refused("--runs is 0; give 1 or more", "explore", "redis-naive-pause", "--runs", "0");
        refused("--every/--faults: 'clok' is not a kind of fault; kinds: pause, clock",
                "explore", "redis-naive-pause", "--runs", "2", "--faults", "pause,clok");
        refused("--every/--faults: 'soon' is not a positive interval such as 5s",
                "explore", "redis-naive-pause", "--runs", "2", "--every", "soon");
        refused("--every/--faults: '0s' is not a positive interval", "explore", "redis-naive-pause", "--runs", "2", "--every", "0s");
        refused("--shard 3/2 is no shard", "explore", "redis-naive-pause", "--runs", "2", "--shard", "3/2");
        refused("--parallel is '0'; give a whole number from 1, or auto", "explore", "redis-naive-pause", "--runs", "2",
                "--parallel", "0");
        refused("--parallel is 'two'; give a whole number from 1, or auto", "explore", "redis-naive-pause", "--runs", "2",
                "--parallel", "two");
        refused("--runs", "explore", "redis-naive-pause");
    }

    @Test
    void shrinkRefusesARunWithoutAFailure(@TempDir Path dir) throws IOException {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.writeString(run.resolve("scenario.json"), ScenarioFile.toJson(ScenarioFile.read(
                ProjectRoot.find().resolve("scenarios").resolve("redis-naive-pause.json")),
                Map.of("schedule", "at 3s pause worker-1 for 3s\n")));
        refused("results.json is missing", "shrink", run.toString());
        Files.writeString(run.resolve("results.json"), "{\"checks\":{\"mutex\":{\"valid\":true},\"holds\":{\"valid\":false}}}");
        refused("invalid there: holds",
                "shrink", run.toString(), "--check", "mutex");
        refused("give 1 <= min-fails <= tries", "shrink", run.toString(), "--tries", "2", "--min-fails", "3");
        Files.writeString(run.resolve("results.json"), "{\"checks\":{\"mutex\":{\"valid\":true}}}");
        refused("no check is invalid in this run", "shrink", run.toString());
    }

    @Test
    void matrixRefusesABadShardAndAFolderWithoutAMatrix(@TempDir Path dir) {
        refused("--shard 0/4 is no shard", "matrix", "--shard", "0/4");
        refused("--parallel is '0'; give a whole number from 1, or auto", "matrix", "--parallel", "0");
        refused(dir + " has no matrix.json", "matrix", "--merge", dir.toString());
        refused("--merge runs nothing", "matrix", "redis-naive-pause", "--merge", dir.toString());
    }
}
