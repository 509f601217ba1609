package io.lockchaos.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.harness.cli.Main;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The benchmark runs and checks its verdicts; its timings are reported, never asserted. */
class BenchCommandTest {

    @Test
    void benchReportsTheCorpusAndLockHistoriesWithVerdictsAsExpected() {
        CliOutcome o = CliOutcome.run("bench", "--corpus", "../checker/src/test/resources/corpus",
                "--runs", "1", "--warmup", "1", "--lock-sizes", "2000");
        assertEquals(0, o.exit(), o.out());
        assertTrue(o.out().contains("corpus verdicts: all as EXPECTED.tsv says"), o.out());
        assertTrue(o.out().contains("corpus etcd 103 files"), o.out());
        assertTrue(o.out().matches("(?s).*lock history [0-9,]+ events.*mutex .* \\(valid\\).*"), o.out());
    }

    @Test
    void readingReadsEverySizeInBothFormatsAndGivesEachRateOverTheSmallest() {
        CliOutcome o = CliOutcome.run("bench", "--reading", "--runs", "2", "--lock-sizes", "2000,500");
        assertEquals(0, o.exit(), o.out() + o.err());
        for (String format : new String[] {"edn", "jsonl"}) {
            String line = "(?m)^reading " + format + " +%s events +[0-9,]+ bytes: median +[0-9.]+ s \\(min [0-9.]+, max [0-9.]+\\)"
                    + " +[0-9,]+ events/s +%s of the smallest's rate; reading thread +[0-9,]+ ns/event,"
                    + " collector +[0-9,]+ ms in [0-9]+ collections \\(medians\\)$";
            assertTrue(Pattern.compile(String.format(line, "5[0-9][0-9]", "1\\.00")).matcher(o.out()).find(), o.out());
            assertTrue(Pattern.compile(String.format(line, "2,0[0-9][0-9]", "[0-9]+\\.[0-9]{2}")).matcher(o.out()).find(),
                    o.out());
        }
        assertTrue(o.out().contains("load before: ") && o.out().contains("load after: "), o.out());
    }

    @Test
    void coldRunsEachCommandInANewJvmAndGivesMedianMinMax() {
        CliOutcome o = CliOutcome.run("bench", "--cold", "--runs", "1", "--skip-corpus", "--skip-lock", "--compare", "java -version");
        assertEquals(0, o.exit(), o.out());
        for (String name : new String[] {"java -version (the JVM alone)", "check tiny history.edn",
            "check tiny history.jsonl", "compare: java -version"}) {
            assertTrue(o.out().matches("(?s).*cold " + Pattern.quote(name)
                    + ".* median +[0-9.]+ s +min +[0-9.]+ s +max +[0-9.]+ s +\\(cpu median +[0-9.]+ s\\).*"), o.out());
        }
        assertTrue(o.out().contains("load before: "), o.out());
        assertTrue(o.out().contains("cold ratio: "), o.out());
    }

    @Test
    void aMissingCorpusIsBadUsage() {
        CliOutcome o = CliOutcome.run("bench", "--corpus", "no/such/dir");
        assertEquals(Main.EXIT_USAGE, o.exit());
        assertTrue(o.err().contains("--corpus"), o.err());
    }

    @Test
    void aNegativeLockSizeIsBadUsage() {
        CliOutcome o = CliOutcome.run("bench", "--lock-sizes", "-5");
        assertEquals(Main.EXIT_USAGE, o.exit());
        assertTrue(o.err().contains("--lock-sizes must be at least 1 event each, got -5"), o.err());
    }

    @Test
    void theBenchJarsCommandLineListsBenchBesideTheProductionCommands() {
        CliOutcome o = CliOutcome.run("--help");
        assertEquals(0, o.exit(), o.err());
        assertTrue(o.out().matches("(?s).*\\n  check .*\\n  bench .*\\n  help .*"), o.out());
    }
}
