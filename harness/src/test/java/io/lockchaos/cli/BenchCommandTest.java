package io.lockchaos.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The benchmark runs and checks its verdicts; its timings are reported, never asserted. */
class BenchCommandTest {

    @Test
    void benchReportsTheCorpusAndLockHistoriesWithVerdictsAsExpected() {
        StringWriter out = new StringWriter();
        var cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        int exit = cli.execute("bench", "--corpus", "../checker/src/test/resources/corpus",
                "--runs", "1", "--warmup", "1", "--lock-sizes", "2000");
        assertEquals(0, exit, out.toString());
        assertTrue(out.toString().contains("corpus verdicts: all as EXPECTED.tsv says"), out.toString());
        assertTrue(out.toString().contains("corpus etcd 103 files"), out.toString());
        assertTrue(out.toString().matches("(?s).*lock history [0-9,]+ events.*mutex .* \\(valid\\).*"), out.toString());
        assertTrue(out.toString().matches("(?s).*reading [0-9,]+ events: edn .* events/s.* jsonl .* events/s.*"),
                out.toString());
    }

    @Test
    void coldRunsEachCommandInANewJvmAndGivesMedianMinMax() {
        StringWriter out = new StringWriter();
        var cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        int exit = cli.execute("bench", "--cold", "--runs", "1", "--skip-corpus", "--skip-lock",
                "--compare", "java -version");
        assertEquals(0, exit, out.toString());
        for (String name : new String[] {"java -version (the JVM alone)", "check tiny history.edn", "check tiny history.jsonl",
            "compare: java -version"}) {
            assertTrue(out.toString().matches("(?s).*cold " + java.util.regex.Pattern.quote(name)
                    + ".* median +[0-9.]+ s +min +[0-9.]+ s +max +[0-9.]+ s.*"), out.toString());
        }
        assertTrue(out.toString().contains("load before: "), out.toString());
        assertTrue(out.toString().contains("cold ratio: "), out.toString());
    }

    @Test
    void aNegativeLockSizeIsBadUsage() {
        StringWriter err = new StringWriter();
        var cli = Main.commandLine();
        cli.setErr(new PrintWriter(err));
        assertEquals(Main.EXIT_USAGE, cli.execute("bench", "--lock-sizes", "-5"));
        assertTrue(err.toString().contains("--lock-sizes must be at least 1 event each, got -5"), err.toString());
    }

    @Test
    void aMissingCorpusIsBadUsage() {
        StringWriter err = new StringWriter();
        var cli = Main.commandLine();
        cli.setErr(new PrintWriter(err));
        assertEquals(Main.EXIT_USAGE, cli.execute("bench", "--corpus", "no/such/dir"));
        assertTrue(err.toString().contains("--corpus"), err.toString());
    }
}
