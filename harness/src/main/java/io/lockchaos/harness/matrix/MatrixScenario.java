package io.lockchaos.harness.matrix;

import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioException;
import io.lockchaos.harness.run.ScenarioFile;
import io.lockchaos.workloads.lock.Tokens;
import java.nio.file.Path;
import java.util.OptionalInt;

/**
 * A scenario as the matrix lists it.
 *
 * @param file the scenario file
 * @param scenario the scenario it holds
 * @param designRow the row of docs/design.md's scenario matrix it shows (1 to {@value #ROWS});
 *     empty for a scenario beside the rows (latency, cautious Curator)
 * @param fault the fault in words (the file's {@code fault}; else its schedule on one line)
 * @param alone whether {@code matrix --parallel} runs it with nothing beside it (the file's {@code alone})
 */
public record MatrixScenario(Path file, Scenario scenario, OptionalInt designRow, String fault, boolean alone) {

    /** The rows of docs/design.md's scenario matrix. */
    public static final int ROWS = 38;

    /** The table's order: by design row (scenarios without one last), then by name. */
    public static final java.util.Comparator<MatrixScenario> TABLE_ORDER = java.util.Comparator
            .comparingInt((MatrixScenario s) -> s.designRow().orElse(Integer.MAX_VALUE))
            .thenComparing(s -> s.scenario().name());

    /**
     * Reads {@code file}: the scenario ({@link ScenarioFile#read}) and its {@code designRow} and
     * {@code fault}.
     *
     * @throws ScenarioException naming the file and the field when either is malformed
     */
    public static MatrixScenario read(Path file) {
        ScenarioFile.Listing listing = ScenarioFile.readListing(file);
        if (listing.designRow().isPresent() && listing.designRow().getAsInt() > ROWS) {
            throw new ScenarioException(file + ": field 'designRow' is " + listing.designRow().getAsInt()
                    + "; allowed: a whole number 1-" + ROWS + " (the row of the design's scenario matrix) or null"
                    + " (a scenario beside the rows)");
        }
        Scenario scenario = listing.scenario();
        String words = listing.fault().orElse(scenario.schedule().isEmpty() ? "none" : scenario.schedule().oneLine());
        return new MatrixScenario(file, scenario, listing.designRow(), words, listing.alone());
    }

    /** The lock in a few words: the backend and, when it has one, the token source. */
    public String lock() {
        Tokens tokens = scenario.lock().tokens();
        return scenario.lock().backend() + (tokens == Tokens.NONE ? "" : " (" + tokens.id() + " tokens)");
    }
}
