package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.history.ops.Fencing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * README's "The words a run uses" names every check a run makes and every lane it can run, so
 * a user meets them defined before the rest of README uses them; a new check or storage mode
 * without a line there fails here.
 */
class ReadmeWordsTest {

    private static final String HEADING = "## The words a run uses";

    @Test
    void everyCheckHasARowAndEveryLaneIsNamedBeforeReadmeUsesThem() throws IOException {
        String readme = Files.readString(ProjectRoot.find().resolve("README.md"));
        int start = readme.indexOf(HEADING);
        assertTrue(start > 0, "README.md has a section '" + HEADING + "'");
        int end = readme.indexOf("\n## ", start + HEADING.length());
        String words = readme.substring(start, end < 0 ? readme.length() : end);
        for (String check : java.util.stream.Stream.concat(Scenario.CHECKS.stream(), java.util.stream.Stream.of(Scenario.TICKS)).toList()) {
            assertTrue(words.contains("| `" + check + "` |"), "README's check table has a row for '" + check + "'");
        }
        for (Fencing mode : Fencing.values()) {
            assertTrue(words.contains("`" + mode.id() + "`"), "README's words name the lane '" + mode.id() + "'");
        }
        assertTrue(readme.indexOf("holder-<lane>") >= start, "holder-<lane> is defined before README first uses it");
        assertTrue(readme.indexOf("mutex-unfenced") >= start, "CHECK-LANE names are defined before README first uses them");
    }
}
