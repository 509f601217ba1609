package io.lockchaos.harness.cli;

import io.lockchaos.history.LockchaosException;
import io.lockchaos.harness.run.RunReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lockchaos report RESULTS_DIR}: writes that run's {@code report.html} again from its
 * scenario.json, history.jsonl and results.json; a run killed before results.json is checked
 * now. Exit codes: 0 valid, 1 invalid, 2 unknown (the verdict of every check, as {@code check});
 * 3 a folder that is not a run's results.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write a run's report.html again from its results folder.",
            "Without results.json (a killed run) the lock checks run on history.jsonl first.",
            "Exit codes: 0 valid, 1 invalid, 2 unknown, 3 not a results folder."})
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
                + " finish)" : ""));
        spec.commandLine().getOut().flush();
        return done.valid().exitCode();
    }

    private int usage(String message) {
        spec.commandLine().getErr().println("lockchaos report: " + message);
        return Main.EXIT_USAGE;
    }
}
