package io.lockchaos.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lockchaos report} on a copy of a real run's results folder (curator-pause). */
class ReportCommandTest {

    private static final Path FIXTURE = Path.of("src", "test", "resources", "report", "curator-pause");

    @TempDir
    Path dir;

    private record Outcome(int exit, String out, String err) {
    }

    private static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute(args);
        return new Outcome(exit, out.toString(), err.toString());
    }

    private Path copy(String... files) throws IOException {
        for (String f : files) {
            Files.copy(FIXTURE.resolve(f), dir.resolve(f));
        }
        return dir;
    }

    @Test
    void writesTheReportFromResultsJsonAndExitsWithTheVerdict() throws IOException {
        Outcome o = run("report", copy("scenario.json", "history.jsonl", "results.json").toString());
        assertEquals(1, o.exit(), o.err());
        assertTrue(o.out().contains("verdict: invalid"), o.out());
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("lockchaos report: curator-pause"), "the page names the scenario");
        assertTrue(html.contains("the run (results.json)"), "and says where the verdicts come from");
    }

    @Test
    void aKilledRunWithoutResultsJsonIsCheckedNowAndSaysItDidNotFinish() throws IOException {
        Outcome o = run("report", copy("scenario.json", "history.jsonl").toString());
        assertEquals(1, o.exit(), o.err());
        assertTrue(o.out().contains("checked now on history.jsonl"), o.out());
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("The run failed: it did not finish (there is no results.json"), "never hidden");
        for (String check : List.of("mutex-unfenced", "holds-fenced", "ledger-fenced")) {
            assertTrue(html.contains(">" + check + "<"), check + " has a row");
        }
    }

    @Test
    void aFolderWithoutHistoryExitsThreeNamingTheFile() throws IOException {
        Outcome o = run("report", copy("scenario.json", "results.json").toString());
        assertEquals(Main.EXIT_USAGE, o.exit());
        assertTrue(o.err().contains("has no history.jsonl"), o.err());
        assertTrue(Files.notExists(dir.resolve("report.html")));
    }

    @Test
    void anEmptyFolderOrNoFolderExitsThree() {
        Outcome empty = run("report", dir.toString());
        assertEquals(Main.EXIT_USAGE, empty.exit());
        assertTrue(empty.err().contains("has no scenario.json"), empty.err());
        Outcome none = run("report", dir.resolve("missing").toString());
        assertEquals(Main.EXIT_USAGE, none.exit());
        assertTrue(none.err().contains("is not a folder"), none.err());
    }
}
