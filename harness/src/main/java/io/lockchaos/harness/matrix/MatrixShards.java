package io.lockchaos.harness.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.harness.explore.Shard;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The matrix's scenarios split into shards ({@code matrix --shard I/N}), balanced by each
 * scenario's wall time: as recorded in an earlier {@code matrix.json} ({@code --timing}) where it
 * lists the scenario, else estimated from its workload and quiet time plus a cluster's start and
 * stop. Every shard must be given the same list and the same timing file to split alike.
 */
public final class MatrixShards {

    /** Seconds a run takes beyond its workload and quiet time when nothing is recorded (cluster start, checks, teardown). */
    static final double OVERHEAD_SECONDS = 20;

    private static final ObjectMapper JSON = new ObjectMapper();

    private MatrixShards() {
    }

    /** This shard's scenarios, in the order given. */
    public static List<MatrixScenario> slice(List<MatrixScenario> scenarios, Shard shard, Map<String, Double> recorded) {
        return shard.slice(scenarios, s -> seconds(s, recorded));
    }

    /** A run's wall time in seconds: recorded, else estimated. */
    public static double seconds(MatrixScenario s, Map<String, Double> recorded) {
        Double known = recorded.get(s.scenario().name());
        if (known != null) {
            return known;
        }
        return (s.scenario().duration().toMillis() + s.scenario().quiet().toMillis()) / 1000.0 + OVERHEAD_SECONDS;
    }

    /**
     * Each scenario's mean wall time per run in {@code matrixJson} (its {@code wallSeconds}).
     *
     * @throws MatrixException naming the file when it cannot be read
     */
    public static Map<String, Double> recorded(Path matrixJson) {
        JsonNode root;
        try {
            root = JSON.readTree(matrixJson.toFile());
        } catch (IOException e) {
            throw new MatrixException(matrixJson + ": cannot read the recorded wall times (" + e.getMessage()
                    + "); give --timing a matrix.json that 'lockchaos matrix' wrote", e);
        }
        Map<String, Double> times = new HashMap<>();
        for (JsonNode s : root.path("scenarios")) {
            double sum = 0;
            int n = 0;
            for (JsonNode w : s.path("wallSeconds")) {
                sum += w.asDouble();
                n++;
            }
            if (n > 0 && s.path("scenario").isTextual()) {
                times.put(s.path("scenario").asText(), sum / n);
            }
        }
        return times;
    }
}
