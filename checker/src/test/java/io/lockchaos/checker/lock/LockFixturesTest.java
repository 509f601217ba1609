package io.lockchaos.checker.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Evidence;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.checker.history.format.HistoryFormats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Replays every fixture of {@code lock/EXPECTED.tsv} through the four lock checks. */
class LockFixturesTest {

    private static final List<String> CHECKS = List.of("mutex", "holds", "tokens", "ledger");

    record Fixture(String name, List<Validity> expected, String mentions) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Path dir() {
        try {
            return Path.of(LockFixturesTest.class.getResource("/lock/EXPECTED.tsv").toURI()).getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("lock/EXPECTED.tsv is not on the test class path", e);
        }
    }

    static Stream<Fixture> fixtures() throws IOException {
        List<Fixture> result = new ArrayList<>();
        for (String line : Files.readAllLines(dir().resolve("EXPECTED.tsv"))) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] cells = line.split("\t");
            assertEquals(6, cells.length, "EXPECTED.tsv line needs 6 tab-separated cells: " + line);
            List<Validity> expected = Stream.of(cells).skip(1).limit(4)
                    .map(c -> Validity.valueOf(c.toUpperCase(Locale.ROOT))).collect(Collectors.toList());
            result.add(new Fixture(cells[0], expected, cells[5].equals("-") ? null : cells[5]));
        }
        return result.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void everyCheckGivesTheExpectedVerdict(Fixture fixture) {
        History history = HistoryFormats.read(dir().resolve(fixture.name() + ".edn"));
        List<CheckResult> results = new LockChecks().checkEach(history, CheckOptions.defaults());
        assertEquals(CHECKS, results.stream().map(CheckResult::check).collect(Collectors.toList()));
        for (int i = 0; i < CHECKS.size(); i++) {
            CheckResult result = results.get(i);
            assertEquals(fixture.expected().get(i), result.valid(), fixture.name() + ", check " + result.check()
                    + ": " + result.summary() + " " + explanations(result));
            if (result.valid() == Validity.INVALID) {
                assertFalse(result.evidence().isEmpty(), result.check() + " is invalid without evidence");
            }
            if (result.valid() == Validity.VALID) {
                assertTrue(result.evidence().isEmpty(), result.check() + " is valid with evidence " + explanations(result));
            }
        }
        if (fixture.mentions() != null) {
            String said = results.stream().map(r -> r.summary() + " " + explanations(r)).collect(Collectors.joining(" "));
            assertTrue(said.contains(fixture.mentions()), "expected '" + fixture.mentions() + "' in: " + said);
        }
    }

    @Test
    void everyFixtureFileIsInTheTable() throws IOException {
        Set<String> listed = fixtures().map(Fixture::name).collect(Collectors.toCollection(TreeSet::new));
        Set<String> files;
        try (Stream<Path> paths = Files.list(dir())) {
            files = paths.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".edn"))
                    .map(n -> n.substring(0, n.length() - 4)).collect(Collectors.toCollection(TreeSet::new));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        assertEquals(files, listed);
    }

    private static String explanations(CheckResult result) {
        return result.evidence().stream().map(Evidence::explanation).collect(Collectors.joining(" | "));
    }
}
