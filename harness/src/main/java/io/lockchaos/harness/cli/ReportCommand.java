package io.lockchaos.harness.cli;

import io.lockchaos.history.LockchaosException;
import io.lockchaos.harness.run.RunReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lockchaos report RESULTS_DIR}: writes that run's {@code report.html} again from its
 * scenario.json, history.jsonl and results.json; a run killed before results.json is checked
 * now. Exit codes, as {@code run} answers them: for a finished run the run's own (with expectations 0
 * when every one matched, 1 when one did not; without, 0 valid, 1 invalid, 2 unknown); for a run that
 * did not finish 1 when the history so far shows a violation, else 2; 3 a folder that is not a run's
 * results, or a history with nothing to check.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write a run's report.html again from its results folder.",
            "Without results.json (a killed run) the lock checks run on history.jsonl first.",
            "Exit codes, as 'run' answers them: a finished run's own (with expectations 0 when every one matched,"
                    + " 1 when one did not; without, 0 valid, 1 invalid, 2 unknown); a run that did not finish: 1 when"
                    + " its history so far shows a violation, else 2 (what came after is not known);"
                    + " 3 not a results folder, or a history with no client operation to judge."})
public final class ReportCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULTS_DIR", description = "a results folder, results/<scenario>/<stamp>"
            + " or results/latest")
    private Path folder;

    @Override
    public Integer call() {
        if (!Files.isDirectory(folder)) {
            return usage(folder + " is not a folder; give a results folder, results/<scenario>/<stamp>");
        }
        RunReport.Regenerated done;
        try {
            done = RunReport.regenerate(folder);
        } catch (LockchaosException e) {
            return usage(e.getMessage());
        }
        done.tornLine().ifPresent(line -> spec.commandLine().getErr().println("lockchaos report: line " + line + " of "
                + folder.resolve("history.jsonl") + " was torn (the run was killed while writing it); the report"
                + " checks the " + (line - 1) + " lines before it"));
        spec.commandLine().getOut().println("report: " + done.report());
        spec.commandLine().getOut().println("verdict: " + done.valid().word()
                + (done.checkedNow() ? " (checked now on history.jsonl: there is no results.json, the run did not"
                + " finish, so no violation found is not a valid run: at best unknown)" : ""));
        if (!done.checkedNow()) {
            spec.commandLine().getOut().println(done.mismatches().isEmpty() ? "expected: every expectation came true"
                    : "expected: not as expected: " + done.mismatches().entrySet().stream()
                            .map(e -> e.getKey() + " " + e.getValue().word()).collect(Collectors.joining(", ")));
        }
        spec.commandLine().getOut().flush();
        return done.exitCode();
    }

    private int usage(String message) {
        spec.commandLine().getErr().println("lockchaos report: " + message);
        return Main.EXIT_USAGE;
    }
}
