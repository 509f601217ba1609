package io.lockchaos.harness.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.run.ResultsDir;
import io.lockchaos.harness.run.ScenarioFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two shards' results folders, written here as 'matrix --shard' leaves them, merged into one matrix. */
class MatrixMergeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path SCENARIOS = ProjectRoot.find().resolve("scenarios");

    @TempDir
    Path tmp;

    /** A shard's results folder {@code <tmp>/<name>/} with one run of {@code scenario}, matched or not. */
    private Path shard(String name, String scenario, boolean matched, String commit) throws IOException {
        Path results = tmp.resolve(name);
        MatrixScenario s = MatrixScenario.read(SCENARIOS.resolve(scenario + ".json"));
        ResultsDir run = new ResultsDir(Files.createDirectories(results.resolve(scenario).resolve("20261201-100000")));
        Files.writeString(run.scenarioJson(), ScenarioFile.toJson(s.scenario(), Map.of("schedule", "x")));
        Files.writeString(run.resultsJson(), "{\"matched\":" + matched + ",\"checks\":{\"mutex\":{\"valid\":true"
                + ",\"evidence\":[]}}}");
        Matrix m = new Matrix(Instant.parse("2026-12-01T10:0" + name.length() + ":00Z"), commit,
                List.of(new MatrixRow(s, List.of(RunSummary.read(run, 30)))));
        m.write(results);
        return results;
    }

    @Test
    void mergesShardsIntoOneTableInDesignRowOrder() throws IOException {
        Path a = shard("shard-1", "redis-naive-pause", true, "abc");
        Path b = shard("shard-22", "curator-clock-skew", true, "abc");
        Matrix merged = MatrixMerge.read(List.of(b, a));
        assertEquals(List.of("redis-naive-pause", "curator-clock-skew"),
                merged.rows().stream().map(r -> r.scenario().scenario().name()).toList(), "by design row: 2, then 9");
        assertEquals("abc", merged.commit());
        assertEquals(Instant.parse("2026-12-01T10:08:00Z"), merged.generatedAt(), "the latest shard's time");
        assertEquals("worker paused longer than the TTL", merged.rows().get(0).scenario().fault());
        assertEquals(0, merged.exitCode(), "both runs matched their expectations");
        Path out = Files.createDirectories(tmp.resolve("merged"));
        merged.write(out);
        JsonNode json = JSON.readTree(out.resolve("matrix.json").toFile());
        assertEquals(2, json.path("scenarios").size());
        assertTrue(Files.readString(out.resolve("matrix.md")).contains("| `curator-clock-skew` | 9 |"));
        assertTrue(Files.readString(out.resolve("matrix.html")).contains("../shard-1/redis-naive-pause/20261201-100000/report.html"));
    }

    @Test
    void findsTheRunsOfAShardDownloadedUnderAnotherName() throws IOException {
        Path a = shard("shard-1", "redis-naive-pause", true, "abc");
        Path renamed = Files.move(a, tmp.resolve("matrix-shard-1-of-3"));
        Matrix merged = MatrixMerge.read(List.of(renamed));
        assertEquals(renamed.resolve("redis-naive-pause").resolve("20261201-100000"),
                merged.rows().get(0).runs().get(0).results().dir());
    }

    @Test
    void aScenarioInTwoShardsGetsBothRunsAndDifferentCommitsAreSaid() throws IOException {
        Path a = shard("s1", "redis-naive-pause", true, "abc");
        Path b = shard("s22", "redis-naive-pause", false, "def");
        Matrix merged = MatrixMerge.read(List.of(a, b));
        assertEquals(1, merged.rows().size());
        assertEquals(2, merged.rows().get(0).runs().size());
        assertEquals("abc, def", merged.commit());
        assertEquals(1, merged.exitCode(), "one run did not match");
    }

    @Test
    void aFolderWithoutAMatrixIsNamed() {
        MatrixException e = assertThrows(MatrixException.class, () -> MatrixMerge.read(List.of(tmp)));
        assertTrue(e.getMessage().startsWith(tmp + " has no matrix.json"), e.getMessage());
    }
}
