package io.lockchaos.harness.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.explore.Shard;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shipped scenarios split into shards: disjoint, complete, balanced by recorded or estimated time. */
class MatrixShardsTest {

    @TempDir
    Path dir;

    private static List<MatrixScenario> shipped() throws IOException {
        try (Stream<Path> files = Files.list(ProjectRoot.find().resolve("scenarios"))) {
            return files.filter(p -> p.toString().endsWith(".json")).sorted().map(MatrixScenario::read).toList();
        }
    }

    @Test
    void shardsAreDisjointAndCoverEveryScenario() throws IOException {
        List<MatrixScenario> all = shipped();
        List<String> seen = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            MatrixShards.slice(all, new Shard(i, 3), Map.of()).forEach(s -> seen.add(s.scenario().name()));
        }
        assertEquals(all.stream().map(s -> s.scenario().name()).sorted().toList(), seen.stream().sorted().toList());
    }

    @Test
    void recordedTimesBalanceTheShards() throws IOException {
        List<MatrixScenario> all = shipped();
        // One slow scenario recorded at ten minutes: it leads shard 1, and the rest fill the shards
        // so that they differ by no more than the longest other scenario.
        String slow = all.get(0).scenario().name();
        Path timing = dir.resolve("matrix.json");
        Files.writeString(timing, "{\"scenarios\":[{\"scenario\":\"" + slow + "\",\"wallSeconds\":[500,700]}]}");
        Map<String, Double> recorded = MatrixShards.recorded(timing);
        assertEquals(Map.of(slow, 600.0), recorded);
        assertEquals(slow, MatrixShards.slice(all, new Shard(1, 2), recorded).get(0).scenario().name());
        Map<Integer, Double> load = new HashMap<>();
        for (int i = 1; i <= 2; i++) {
            load.put(i, MatrixShards.slice(all, new Shard(i, 2), recorded).stream()
                    .mapToDouble(s -> MatrixShards.seconds(s, recorded)).sum());
        }
        double longestOther = all.stream().skip(1).mapToDouble(s -> MatrixShards.seconds(s, recorded)).max().orElseThrow();
        assertTrue(Math.abs(load.get(1) - load.get(2)) <= longestOther, "balanced: " + load);
        MatrixScenario other = all.get(1);
        assertEquals((other.scenario().duration().toMillis() + other.scenario().quiet().toMillis()) / 1000.0 + 20,
                MatrixShards.seconds(other, recorded), "unrecorded: workload + quiet + 20 s");
    }

    @Test
    void anUnreadableTimingFileIsNamed() throws IOException {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{nope");
        MatrixException e = assertThrows(MatrixException.class, () -> MatrixShards.recorded(bad));
        assertTrue(e.getMessage().startsWith(bad + ": cannot read the recorded wall times"), e.getMessage());
    }
}
