package io.lockchaos.checker.linear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.checker.model.Model;
import io.lockchaos.checker.model.Models;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Porcupine's corpus, replayed: every file of {@code EXPECTED.tsv} with a verdict (etcd with
 * {@code cas-register-strict}, which reads a failed cas as a compare that did not match, as
 * Porcupine's tests do; kv with {@code kv}, partitioned per key) must get that verdict.
 */
class CorpusLinearizabilityTest {

    static Path corpus() {
        try {
            return Path.of(CorpusLinearizabilityTest.class.getResource("/corpus/EXPECTED.tsv").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("corpus folder not on the test classpath", e);
        }
    }

    /** file, model name, expected verdict; the {@code none} row is not a test. */
    static Stream<Arguments> rows() {
        try {
            return Files.readAllLines(corpus().resolve("EXPECTED.tsv")).stream().skip(1)
                    .filter(line -> !line.isBlank())
                    .map(line -> line.split("\t"))
                    .filter(cols -> !cols[4].equals("none"))
                    .map(cols -> Arguments.of(cols[0], cols[1].equals("etcd") ? "cas-register-strict" : "kv",
                            Boolean.parseBoolean(cols[4])));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("rows")
    void verdictMatchesPorcupine(String file, String modelName, boolean linearizable) {
        History history = HistoryFormats.read(corpus().resolve(file));
        Model<?, ?> model = Models.byName(modelName);
        LinearizabilityResult result = Linearizability.check(history, model, CheckOptions.defaults());
        assertEquals(linearizable ? Validity.VALID : Validity.INVALID, result.valid(), result::summary);
        if (!linearizable) {
            assertFalse(result.counterexamples().isEmpty(), "an invalid verdict comes with a counterexample");
        }
    }
}
