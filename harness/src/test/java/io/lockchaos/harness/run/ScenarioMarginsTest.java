package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.ProjectRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * scenarios/README.md's "The margin each verdict rests on" has one row per shipped scenario file,
 * and its {@code alone?} column says what the file's {@code "alone"} says. So a new scenario, a
 * renamed one, or one newly marked to run alone cannot leave the table behind.
 */
class ScenarioMarginsTest {

    private static final Path SCENARIOS = ProjectRoot.find().resolve("scenarios");
    private static final String HEADING = "### The margin each verdict rests on";

    @Test
    void everyShippedScenarioHasARowWhoseAloneIsTheFiles() throws IOException {
        Map<String, String> rows = aloneColumn();
        List<String> problems = new ArrayList<>();
        try (Stream<Path> files = Files.list(SCENARIOS)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                ScenarioFile.Listing listing = ScenarioFile.readListing(file);
                String name = listing.scenario().name();
                String wanted = listing.alone() ? "yes" : "no";
                String said = rows.remove(name);
                if (said == null) {
                    problems.add(name + ": no row; add '| `" + name + "` | what its verdict rests on | spare | "
                            + wanted + " |'");
                } else if (!said.equals(wanted)) {
                    problems.add(name + ": its row says alone? '" + said + "', but the file's \"alone\" is "
                            + listing.alone() + "; make the row say '" + wanted + "'");
                }
            }
        }
        rows.keySet().forEach(name -> problems.add(name + ": a row, but no scenarios/" + name + ".json; remove the row"));
        assertEquals(List.of(), problems, "scenarios/README.md, '" + HEADING.substring(4) + "'");
    }

    /** Each row's scenario and its last cell ({@code alone?}), in the table under {@link #HEADING}. */
    private static Map<String, String> aloneColumn() throws IOException {
        List<String> lines = Files.readAllLines(SCENARIOS.resolve("README.md"));
        int at = lines.indexOf(HEADING);
        assertTrue(at >= 0, "scenarios/README.md has a line '" + HEADING + "'");
        Map<String, String> rows = new LinkedHashMap<>();
        boolean inTable = false;
        for (String line : lines.subList(at + 1, lines.size())) {
            if (!line.startsWith("|")) {
                if (inTable) {
                    break;
                }
                continue;
            }
            inTable = true;
            if (line.startsWith("| `")) {
                String[] cells = line.substring(2, line.length() - 2).split(" \\| ");
                String name = cells[0].substring(1, cells[0].indexOf('`', 1));
                String before = rows.put(name, cells[cells.length - 1].trim());
                assertNull(before, "scenarios/README.md has two rows for `" + name + "` under '" + HEADING + "'");
            }
        }
        return rows;
    }
}
