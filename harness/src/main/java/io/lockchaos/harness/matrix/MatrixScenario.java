package io.lockchaos.harness.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioException;
import io.lockchaos.harness.run.ScenarioFile;
import io.lockchaos.workloads.lock.Tokens;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A scenario as the matrix lists it.
 *
 * @param file the scenario file
 * @param scenario the scenario it holds
 * @param designRow the row of docs/design.md's scenario matrix it shows (1 to {@value #ROWS});
 *     empty for a scenario beside the rows (latency, cautious Curator)
 * @param fault the fault in words (the file's {@code fault}; else its schedule on one line)
 */
public record MatrixScenario(Path file, Scenario scenario, OptionalInt designRow, String fault) {

    /** The rows of docs/design.md's scenario matrix. */
    public static final int ROWS = 36;

    /** The table's order: by design row (scenarios without one last), then by name. */
    public static final java.util.Comparator<MatrixScenario> TABLE_ORDER = java.util.Comparator
            .comparingInt((MatrixScenario s) -> s.designRow().orElse(Integer.MAX_VALUE))
            .thenComparing(s -> s.scenario().name());

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * Reads {@code file}: the scenario ({@link ScenarioFile#read}) and its {@code designRow} and
     * {@code fault}.
     *
     * @throws ScenarioException naming the file and the field when either is malformed
     */
    public static MatrixScenario read(Path file) {
        Scenario scenario = ScenarioFile.read(file);
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new ScenarioException(file + ": cannot read the scenario file (" + e.getMessage() + ")", e);
        }
        JsonNode row = root.path("designRow");
        OptionalInt designRow = OptionalInt.empty();
        if (!row.isMissingNode() && !row.isNull()) {
            if (!row.isInt() || row.asInt() < 1 || row.asInt() > ROWS) {
                throw new ScenarioException(file + ": field 'designRow' is " + row + "; allowed: an integer 1-" + ROWS
                        + " (the row of the design's scenario matrix) or null (a scenario beside the rows)");
            }
            designRow = OptionalInt.of(row.asInt());
        }
        JsonNode fault = root.path("fault");
        if (!fault.isMissingNode() && !fault.isNull() && !fault.isTextual()) {
            throw new ScenarioException(file + ": field 'fault' is " + fault + "; allowed: a string (the fault in words)");
        }
        String words = Optional.ofNullable(fault.textValue()).filter(t -> !t.isBlank())
                .orElse(scenario.schedule().isBlank() ? "none" : scenario.schedule().strip().replace("\n", "; "));
        return new MatrixScenario(file, scenario, designRow, words);
    }

    /** The lock in a few words: the backend and, when it has one, the token source. */
    public String lock() {
        Tokens tokens = Tokens.parse(scenario.lock().tokens());
        return scenario.lock().backend() + (tokens == Tokens.NONE ? "" : " (" + tokens.id() + " tokens)");
    }
}
