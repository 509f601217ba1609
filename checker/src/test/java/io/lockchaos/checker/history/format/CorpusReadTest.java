package io.lockchaos.checker.history.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.Operation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every corpus file reads, with the operation counts EXPECTED.tsv gives. */
class CorpusReadTest {

    static Path corpus() {
        try {
            return Path.of(CorpusReadTest.class.getResource("/corpus/EXPECTED.tsv").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("corpus folder not on the test classpath", e);
        }
    }

    static Stream<Arguments> rows() {
        try {
            List<String> lines = Files.readAllLines(corpus().resolve("EXPECTED.tsv"));
            return lines.stream().skip(1).filter(l -> !l.isBlank()).map(l -> {
                String[] cols = l.split("\t");
                return Arguments.of(cols[0], cols[1], Integer.parseInt(cols[2]), Integer.parseInt(cols[3]));
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void readsWithTheExpectedCounts(String file, String family, int operations, int indeterminate) {
        History history = HistoryFormats.read(corpus().resolve(file));

        long invocations = history.ops().stream().filter(Op::isInvoke).count();
        long info = history.operations().stream().filter(Operation::isIndeterminate).count();
        assertEquals(operations, invocations, "invocations in " + file);
        assertEquals(indeterminate, info, "indeterminate operations in " + file);
        assertEquals(invocations, history.operations().size(), "every operation has an invocation");
        if (family.equals("kv")) {
            assertTrue(history.ops().stream().allMatch(op -> op.extra().containsKey("key")),
                    "every kv op keeps its :key in extra");
            assertTrue(history.ops().stream().allMatch(op -> op.time() == Op.NO_TIME));
        } else if (operations > 0) {
            assertFalse(history.ops().stream().anyMatch(Op::hasTime), "the etcd log has no times");
        }
    }
}
