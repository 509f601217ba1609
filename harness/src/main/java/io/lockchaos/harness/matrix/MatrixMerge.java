package io.lockchaos.harness.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.harness.run.ResultsDir;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

/**
 * One matrix from the results folders of several shards ({@code matrix --merge DIR...}): each
 * folder's {@code matrix.json} lists its scenarios and run folders; the runs are read again from
 * those folders (their {@code scenario.json} and {@code results.json}), so the merged table is
 * built the same way as one machine's.
 */
public final class MatrixMerge {

    private static final ObjectMapper JSON = new ObjectMapper();

    private MatrixMerge() {
    }

    /**
     * The matrix of every run in {@code dirs}; a scenario in more than one shard gets all its runs.
     *
     * @throws MatrixException naming the folder or file that cannot be read
     */
    public static Matrix read(List<Path> dirs) {
        Map<String, List<RunSummary>> runs = new LinkedHashMap<>();
        Map<String, MatrixScenario> scenarios = new LinkedHashMap<>();
        Set<String> commits = new LinkedHashSet<>();
        Instant latest = Instant.EPOCH;
        for (Path dir : dirs) {
            Path file = dir.resolve("matrix.json");
            JsonNode root = readJson(file);
            commits.add(root.path("commit").asText("unknown"));
            Instant at = Instant.parse(root.path("generatedAt").asText(Instant.EPOCH.toString()));
            latest = at.isAfter(latest) ? at : latest;
            for (JsonNode s : root.path("scenarios")) {
                String name = s.path("scenario").asText();
                JsonNode folders = s.path("results");
                JsonNode wall = s.path("wallSeconds");
                for (int i = 0; i < folders.size(); i++) {
                    ResultsDir run = new ResultsDir(locate(dir, folders.get(i).asText(), file));
                    scenarios.computeIfAbsent(name, n -> scenario(s, run));
                    runs.computeIfAbsent(name, n -> new ArrayList<>()).add(RunSummary.read(run, wall.path(i).asDouble()));
                }
            }
        }
        List<MatrixRow> rows = new ArrayList<>();
        runs.forEach((name, list) -> rows.add(new MatrixRow(scenarios.get(name), list)));
        rows.sort(Comparator.comparing(MatrixRow::scenario, MatrixScenario.TABLE_ORDER));
        return new Matrix(latest, String.join(", ", commits), rows);
    }

    private static JsonNode readJson(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new MatrixException(file.getParent() + " has no matrix.json; give the results folders that"
                    + " 'lockchaos matrix --shard I/N' wrote");
        }
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new MatrixException(file + ": cannot read the shard's matrix (" + e.getMessage() + ")", e);
        }
    }

    /**
     * A run folder that a shard's matrix.json names relative to its results folder's parent
     * ({@code results/<scenario>/<stamp>}): beside {@code dir} when the folder is still called
     * what it was, else inside {@code dir} (a shard's results downloaded under another name).
     */
    static Path locate(Path dir, String relative, Path file) {
        Path rel = Path.of(relative);
        Path beside = dir.toAbsolutePath().getParent().resolve(rel);
        if (Files.isDirectory(beside) && beside.startsWith(dir.toAbsolutePath())) {
            return beside;
        }
        Path inside = rel.getNameCount() > 1 ? dir.resolve(rel.subpath(1, rel.getNameCount())) : dir.resolve(rel);
        if (!Files.isDirectory(inside)) {
            throw new MatrixException(file + " lists the run " + relative + ", which is neither " + beside + " nor "
                    + inside + "; merge the shards' whole results folders");
        }
        return inside;
    }

    /** The scenario as the run recorded it, with the row and fault words the shard's table gave it. */
    private static MatrixScenario scenario(JsonNode entry, ResultsDir run) {
        Scenario s = ScenarioFile.read(run.scenarioJson());
        JsonNode row = entry.path("designRow");
        OptionalInt designRow = row.isInt() ? OptionalInt.of(row.asInt()) : OptionalInt.empty();
        return new MatrixScenario(run.scenarioJson(), s, designRow, entry.path("fault").asText("none"), false);
    }
}
