package io.lockchaos.checker.linear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.checker.model.Model;
import io.lockchaos.checker.model.Models;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Knossos's test data, replayed: every file of {@code corpus/knossos/EXPECTED.tsv} must read
 * and get the verdict Knossos's own tests assert, and where a test names the operation that
 * cannot be linearized, the counterexample names the same one (process and completion event).
 * A row may list alternatives ({@code process 21 event 14 | process 22 event 15}) where our
 * cheap refutation names another operation that is just as impossible: in
 * {@code bad-analysis.edn} a read of 3, a value no operation wrote (the file's own comment calls
 * both reads spurious), where Knossos's search stops at the read of 2.
 * The histories are looked for in {@code corpus/knossos/data} on the test classpath, or in the
 * folder the system property {@code lockchaos.knossos.data} names.
 */
class KnossosCorpusTest {

    static Path table() {
        return CorpusLinearizabilityTest.corpus().resolve("knossos/EXPECTED.tsv");
    }

    static Path data() {
        String given = System.getProperty("lockchaos.knossos.data");
        return given != null ? Path.of(given) : table().resolveSibling("data");
    }

    /** file, model, initial value, expected verdict, the invalidating operation or "-". */
    static Stream<Arguments> rows() {
        try {
            return Files.readAllLines(table()).stream().skip(1)
                    .filter(line -> !line.isBlank())
                    .map(line -> line.split("\t"))
                    .map(cols -> Arguments.of(cols[0], cols[1], cols[2], Boolean.parseBoolean(cols[3]), cols[4]));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "{0} ({1} from {2})")
    @MethodSource("rows")
    void verdictMatchesKnossos(String file, String modelName, String initial, boolean linearizable, String operation) {
        Path path = data().resolve(file);
        Assumptions.assumeTrue(Files.isDirectory(data()), "Knossos's data/ folder is not at " + data()
                + "; see corpus/knossos/README.md");
        Model<?, ?> model = Models.byName(modelName);
        if (!initial.equals("-")) {
            model = model.startingAt(HistoryFormats.readValue("initial", initial));
        }
        History history = HistoryFormats.read(path);
        LinearizabilityResult result = Linearizability.check(history, model, CheckOptions.defaults());
        assertEquals(linearizable ? Validity.VALID : Validity.INVALID, result.valid(), result::summary);
        if (!operation.equals("-")) {
            Counterexample.Call stuck = result.counterexamples().get(0).operation();
            String named = "process " + stuck.process() + " event " + stuck.completeIndex();
            assertTrue(List.of(operation.split(" \\| ")).contains(named),
                    () -> "expected " + operation + ", got " + named + ": " + result.summary());
        }
    }
}
