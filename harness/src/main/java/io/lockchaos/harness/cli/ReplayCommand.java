package io.lockchaos.harness.cli;

import io.lockchaos.history.LockchaosException;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lockchaos replay results/<scenario>/<stamp>}: runs again exactly what that run's
 * {@code scenario.json} recorded (scenario, seed, and the schedule as played: a random one as
 * drawn, from {@code resolved.schedule}). Exit codes as {@code run}. The new run's folder goes
 * next to the one it replays (into the same results root, whether the checkout's or a JUnit
 * test's under a project's {@code target/}), so the replay hint a failed test prints works where
 * it is printed.
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Re-run a recorded run with the same resolved scenario and seed.",
        exitCodeListHeading = "%nExit codes (as 'run'):%n",
        exitCodeList = {
            "0:every check reached its expected verdict (without expectations: every check valid)",
            "1:a check did not (without expectations: a check invalid)",
            "2:a check unknown, or the run could not be carried out",
            "3:not a results folder, or a bad option"})
public final class ReplayCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN", description = "a results folder (results/<scenario>/<stamp>) or its scenario.json")
    private Path run;

    @Override
    public Integer call() {
        Path file = Files.isDirectory(run) ? run.resolve("scenario.json") : run;
        Scenario s;
        try {
            s = ScenarioFile.read(file);
            s = ScenarioFile.resolvedSchedule(file).map(s::withSchedule).orElse(s);
        } catch (LockchaosException e) {
            spec.commandLine().getErr().println("lockchaos: " + e.getMessage());
            return Main.EXIT_USAGE;
        }
        spec.commandLine().getErr().println("lockchaos: replaying " + file);
        return RunCommand.attempt(s, spec, resultsRoot(file.toAbsolutePath(), s.name())).exitCode();
    }

    /**
     * Where a replay of the run recorded in {@code scenarioFile} writes: the root its run folder
     * is in when that folder is {@code <root>/<scenario>/<stamp>/scenario.json}, else the
     * checkout's {@code results/}.
     */
    static Path resultsRoot(Path scenarioFile, String scenario) {
        Path stamp = scenarioFile.getParent();
        Path named = stamp == null ? null : stamp.getParent();
        if (named != null && named.getFileName() != null && named.getFileName().toString().equals(scenario)
                && named.getParent() != null) {
            return named.getParent();
        }
        return ProjectRoot.find().resolve("results");
    }
}
