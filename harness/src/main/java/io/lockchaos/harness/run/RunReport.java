package io.lockchaos.harness.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.NothingToCheck;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.lock.UnsafeWindows;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.harness.report.Layout;
import io.lockchaos.harness.report.ReportData;
import io.lockchaos.harness.report.ReportException;
import io.lockchaos.harness.report.Reports;
import io.lockchaos.harness.report.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;

/**
 * A run's {@code report.html} ({@link io.lockchaos.harness.report}): written by {@link Run} at the end
 * and after a failure, and rewritten from a results folder by {@code lockchaos report}, which
 * runs the lock checks itself when the run left no {@code results.json}.
 */
public final class RunReport {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RunReport() {
    }

    /**
     * What {@link #regenerate} did.
     *
     * @param report the page written
     * @param checkedNow whether the checks ran now, on history.jsonl, because results.json was missing
     * @param valid the verdict of every check together
     * @param tornLine the number of history.jsonl's last line when a kill cut it (left out of the checks)
     * @param mismatches for a finished run, the expectations that did not come true (check → verdict reached)
     * @param exitCode what the command answers: for a finished run the run's own exit code
     *     ({@link RunOutcome#exitCode()}: with expectations 0 when all matched, else 1; without, the
     *     verdict's); for a run that did not finish 1 when the history so far shows a violation, else 2
     *     (unknown: what came after is not known)
     */
    public record Regenerated(Path report, boolean checkedNow, Validity valid, OptionalInt tornLine,
                              Map<String, Validity> mismatches, int exitCode) {
    }

    /** Writes the report of a run that finished with {@code checks}. */
    static void write(ResultsDir dir, Scenario s, History history, Map<String, CheckResult> checks,
                      UnsafeWindows windows) {
        dir.write(dir.reportHtml(), Reports.html(data(dir, s, history, verdicts(checks), Optional.empty(),
                "the run, at its end", windows)));
    }

    /**
     * Writes the report of a run that failed with {@code failure}, or was {@code stopped} (Ctrl-C,
     * SIGTERM): the history recorded so far, checked now. Never throws: a report that cannot be
     * written is said through {@code say}.
     */
    static void afterFailure(ResultsDir dir, Scenario s, String failure, boolean stopped, Consumer<String> say) {
        String ended = stopped ? "was stopped" : "failed";
        try {
            History history = Files.exists(dir.historyJsonl()) ? HistoryLog.readByTime(dir.historyJsonl())
                    : History.of(dir.historyJsonl().toString(), List.of());
            Map<String, CheckResult> checks = RunChecks.run(s, history, CheckOptions.defaults());
            dir.write(dir.reportHtml(), Reports.html(data(dir, s, history, verdicts(checks), Optional.of(failure),
                    "the run, after it " + ended + ", on the history recorded until then", UnsafeWindows.of(history, s.lock().reentrancy()).toldBy(s.lock().lossNotice()))));
            say.accept("report of the run, which " + ended + ": " + dir.reportHtml());
        } catch (RuntimeException e) {
            // Any error here must not hide the run's own failure, which the caller rethrows.
            say.accept("could not write " + dir.reportHtml() + " after the failure: " + e
                    + "; 'lockchaos report " + dir.dir() + "' tries again");
        }
    }

    /**
     * Rewrites {@code report.html} in the results folder {@code folder} from its scenario.json,
     * history.jsonl and results.json; without results.json (a run that was killed or failed)
     * the lock checks run on history.jsonl, and the page says the run did not finish.
     *
     * @throws ReportException when scenario.json or history.jsonl is missing
     * @throws io.lockchaos.history.LockchaosException naming the file and line when one is unreadable
     */
    public static Regenerated regenerate(Path folder) {
        ResultsDir dir = new ResultsDir(folder);
        Path scenarioFile = need(dir.scenarioJson(), "written when the run starts");
        Path historyFile = need(dir.historyJsonl(), "written while the run goes");
        Scenario s = ScenarioFile.read(scenarioFile);
        HistoryLog.Recorded recorded = HistoryLog.readRecorded(historyFile);
        History history = recorded.history();
        boolean checkedNow = !Files.exists(dir.resultsJson());
        if (checkedNow) {
            NothingToCheck.require(history);
        }
        List<Verdict> verdicts = checkedNow ? verdicts(RunChecks.run(s, history, CheckOptions.defaults()))
                : verdicts(dir.resultsJson(), s);
        String torn = recorded.tornLine().isPresent() ? "; the last line of history.jsonl (line "
                + recorded.tornLine().getAsInt() + ") was torn by the kill and is left out" : "";
        Optional<String> failure = checkedNow ? Optional.of("it did not finish (there is no results.json: it was"
                + " killed or failed; its stderr said why)" + torn) : Optional.empty();
        ReportData data = data(dir, s, history, verdicts, failure, checkedNow
                ? "lockchaos report, now, on history.jsonl (no results.json)" : "the run (results.json)",
                UnsafeWindows.of(history, s.lock().reentrancy()).toldBy(s.lock().lossNotice()));
        dir.write(dir.reportHtml(), Reports.html(data));
        Validity valid = data.valid();
        if (checkedNow) {
            Validity known = valid == Validity.INVALID ? Validity.INVALID : Validity.UNKNOWN;
            return new Regenerated(dir.reportHtml(), true, valid, recorded.tornLine(), Map.of(), known.exitCode());
        }
        Map<String, Validity> wrong = RunOutcome.mismatches(s.expect(), data::got);
        return new Regenerated(dir.reportHtml(), false, valid, recorded.tornLine(), wrong,
                RunOutcome.exitCode(s.expect(), wrong, valid));
    }

    /** The page's data; the schedule shown is the one played (a random one as drawn), as scenario.json records it. */
    private static ReportData data(ResultsDir dir, Scenario s, History history, List<Verdict> verdicts,
                                   Optional<String> failure, String checkedBy, UnsafeWindows windows) {
        String schedule = (Files.exists(dir.scenarioJson())
                ? ScenarioFile.resolvedSchedule(dir.scenarioJson()).orElse(s.schedule()) : s.schedule()).text();
        ReportData.Header header = new ReportData.Header(s.name(), s.description(), s.seed(), s.duration(),
                schedule, s.expect(), failure, checkedBy);
        Layout layout = new Layout(s.lanes().stream().map(Lane::name).toList(), s.workers());
        return new ReportData(header, verdicts, layout, history, windows, s.lock().reentrancy());
    }

    private static List<Verdict> verdicts(Map<String, CheckResult> checks) {
        return checks.values().stream().map(Verdict::of).toList();
    }

    /**
     * The verdicts results.json records: refused, before anything is written, unless it holds a
     * {@code checks} object with exactly the scenario's checks, each an object.
     */
    private static List<Verdict> verdicts(Path resultsJson, Scenario s) {
        String again = "; remove it and run 'lockchaos report' again to check history.jsonl anew";
        JsonNode root;
        try {
            root = JSON.readTree(resultsJson.toFile());
        } catch (JsonProcessingException e) {
            throw new ReportException(resultsJson + " is not readable JSON (" + e.getOriginalMessage() + ")" + again, e);
        } catch (IOException e) {
            throw new ReportException("cannot read " + resultsJson + " (" + e + ")", e);
        }
        JsonNode checks = root == null ? null : root.get("checks");
        if (checks == null || !checks.isObject()) {
            throw new ReportException(resultsJson + " has no \"checks\" object, as 'lockchaos run' writes it" + again);
        }
        List<String> names = new ArrayList<>();
        checks.fieldNames().forEachRemaining(names::add);
        if (!names.equals(s.checkNames())) {
            throw new ReportException(resultsJson + " has the checks " + names + " but the scenario's are "
                    + s.checkNames() + again);
        }
        List<Verdict> verdicts = new ArrayList<>();
        for (String name : names) {
            if (!checks.get(name).isObject()) {
                throw new ReportException(resultsJson + ": check '" + name + "' is " + checks.get(name)
                        + ", not an object with \"valid\" and \"summary\"" + again);
            }
            verdicts.add(Verdict.of(name, checks.get(name)));
        }
        return verdicts;
    }

    private static Path need(Path file, String when) {
        if (!Files.isRegularFile(file)) {
            throw new ReportException(file.getParent() + " has no " + file.getFileName() + " (" + when
                    + "); give a results folder, results/<scenario>/<stamp>, as 'lockchaos run' writes it");
        }
        return file;
    }
}
