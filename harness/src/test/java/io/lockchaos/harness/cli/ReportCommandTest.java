package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code lockchaos report} on a copy of a real run's results folder (curator-pause). */
class ReportCommandTest {

    private static final Path FIXTURE = Path.of("src", "test", "resources", "report", "curator-pause");

    @TempDir
    Path dir;

    private Path copy(String... files) throws IOException {
        for (String f : files) {
            Files.copy(FIXTURE.resolve(f), dir.resolve(f));
        }
        return dir;
    }

    @Test
    void writesTheReportFromResultsJsonAndExitsAsTheRunDid() throws IOException {
        CliOutcome o = CliOutcome.run("report", copy("scenario.json", "history.jsonl", "results.json").toString());
        assertEquals(0, o.exit(), "the run matched every expectation and exited 0; so does its report: " + o.err());
        assertTrue(o.out().contains("verdict: invalid"), o.out());
        assertTrue(o.out().contains("expected: every expectation came true"), o.out());
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("lockchaos report: curator-pause"), "the page names the scenario");
        assertTrue(html.contains("the run (results.json)"), "and says where the verdicts come from");
    }

    @Test
    void aKilledRunWithoutResultsJsonIsCheckedNowAndSaysItDidNotFinish() throws IOException {
        CliOutcome o = CliOutcome.run("report", copy("scenario.json", "history.jsonl").toString());
        assertEquals(1, o.exit(), o.err());
        assertTrue(o.out().contains("checked now on history.jsonl"), o.out());
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("The run failed: it did not finish (there is no results.json"), "never hidden");
        for (String check : List.of("mutex-unfenced", "holds-fenced", "ledger-fenced")) {
            assertTrue(html.contains(">" + check + "<"), check + " has a row");
        }
    }

    @Test
    void aFinishedRunThatMissedAnExpectationExitsOneNamingIt() throws IOException {
        copy("scenario.json", "history.jsonl", "results.json");
        ObjectMapper json = new ObjectMapper();
        ObjectNode scenario = (ObjectNode) json.readTree(dir.resolve("scenario.json").toFile());
        ((ObjectNode) scenario.get("expect")).put("mutex-fenced", "valid");
        json.writeValue(dir.resolve("scenario.json").toFile(), scenario);
        CliOutcome o = CliOutcome.run("report", dir.toString());
        assertEquals(1, o.exit(), o.err());
        assertTrue(o.out().contains("expected: not as expected: mutex-fenced invalid"), o.out());
    }

    @Test
    void aKilledRunWhoseHistorySoFarShowsNoViolationIsUnknown() throws IOException {
        copy("scenario.json");
        List<String> lines = Files.readAllLines(FIXTURE.resolve("history.jsonl"));
        Files.writeString(dir.resolve("history.jsonl"), String.join("\n", lines.subList(0, 12)) + "\n");
        CliOutcome o = CliOutcome.run("report", dir.toString());
        assertEquals(2, o.exit(), o.out() + o.err());
        assertTrue(o.out().contains("(checked now"), o.out());
        assertTrue(o.out().contains("at best unknown"), o.out());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "``|no operations",
        "`{\"type\": \"info\", \"process\": \"nemesis\", \"f\": \"start-pause\", \"time\": 5}`|no client operation (1 events",
        "`{\"type\": \"invoke\", \"process\": 0, \"f\": \"acquire\", \"time\": 5, \"value\": {\"lock\": \"job-0\"}}`|no client operation that completed",
    })
    void aKilledRunWithNothingToCheckHasNoVerdictAndNoPageIsWritten(String history, String reason) throws IOException {
        copy("scenario.json");
        Files.writeString(dir.resolve("history.jsonl"), history.isEmpty() ? "" : history + "\n");
        CliOutcome o = CliOutcome.run("report", dir.toString());
        assertEquals(Main.EXIT_USAGE, o.exit(), o.out() + o.err());
        assertTrue(o.err().contains(reason) && o.err().contains("nothing to check, so no verdict"), o.err());
        assertTrue(Files.notExists(dir.resolve("report.html")), "nothing half-written");
    }

    @Test
    void aFolderWithoutHistoryExitsThreeNamingTheFile() throws IOException {
        CliOutcome o = CliOutcome.run("report", copy("scenario.json", "results.json").toString());
        assertEquals(Main.EXIT_USAGE, o.exit());
        assertTrue(o.err().contains("has no history.jsonl"), o.err());
        assertTrue(Files.notExists(dir.resolve("report.html")));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "`[]`|has no \"checks\" object",
        "`{}`|has no \"checks\" object",
        "`{\"checks\": 5}`|has no \"checks\" object",
        "`{\"checks\": {}}`|has the checks [] but the scenario's are [mutex",
        "`{\"checks\": {\"mutex\": {\"valid\": true}}}`|has the checks [mutex] but the scenario's are",
        "`{\"checks\": {`|is not readable JSON",
        "``|has no \"checks\" object",
    })
    void aResultsJsonOfTheWrongShapeIsRefusedAndTheReportKept(String results, String reason) throws IOException {
        copy("scenario.json", "history.jsonl");
        Files.writeString(dir.resolve("results.json"), results);
        Files.writeString(dir.resolve("report.html"), "the earlier report");

        CliOutcome o = CliOutcome.run("report", dir.toString());

        assertEquals(Main.EXIT_USAGE, o.exit(), o.out());
        assertTrue(o.err().contains(reason), o.err());
        assertTrue(o.err().contains("remove it and run 'lockchaos report' again"), o.err());
        assertEquals("the earlier report", Files.readString(dir.resolve("report.html")), "not overwritten");
    }

    @Test
    void aResultsJsonWithACheckThatIsNoObjectIsRefused() throws IOException {
        copy("scenario.json", "history.jsonl", "results.json");
        ObjectMapper json = new ObjectMapper();
        ObjectNode results = (ObjectNode) json.readTree(dir.resolve("results.json").toFile());
        ((ObjectNode) results.get("checks")).put("mutex", 7);
        json.writeValue(dir.resolve("results.json").toFile(), results);
        CliOutcome o = CliOutcome.run("report", dir.toString());
        assertEquals(Main.EXIT_USAGE, o.exit(), o.out());
        assertTrue(o.err().contains("check 'mutex' is 7, not an object"), o.err());
    }

    @Test
    void aTornLastLineIsLeftOutAndSaidAndTheReportWritten() throws IOException {
        copy("scenario.json");
        List<String> lines = Files.readAllLines(FIXTURE.resolve("history.jsonl"));
        String last = lines.get(lines.size() - 1);
        Files.writeString(dir.resolve("history.jsonl"), String.join("\n", lines.subList(0, lines.size() - 1)) + "\n"
                + last.substring(0, last.length() / 2));

        CliOutcome o = CliOutcome.run("report", dir.toString());

        assertEquals(1, o.exit(), o.err());
        assertTrue(o.err().contains("line " + lines.size() + " of " + dir.resolve("history.jsonl") + " was torn"),
                o.err());
        assertTrue(o.out().contains("checked now on history.jsonl"), o.out());
        assertTrue(Files.readString(dir.resolve("report.html")).contains("was torn by the kill and is left out"));
    }

    @Test
    void anEmptyFolderOrNoFolderExitsThree() {
        CliOutcome empty = CliOutcome.run("report", dir.toString());
        assertEquals(Main.EXIT_USAGE, empty.exit());
        assertTrue(empty.err().contains("has no scenario.json"), empty.err());
        CliOutcome none = CliOutcome.run("report", dir.resolve("missing").toString());
        assertEquals(Main.EXIT_USAGE, none.exit());
        assertTrue(none.err().contains("is not a folder"), none.err());
    }
}
