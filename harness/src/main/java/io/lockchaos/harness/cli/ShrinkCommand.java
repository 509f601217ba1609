package io.lockchaos.harness.cli;

import io.lockchaos.faults.schedule.SchedulePlan;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.history.LockchaosException;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.explore.ExploreException;
import io.lockchaos.harness.explore.RunTrials;
import io.lockchaos.harness.explore.ShrinkReport;
import io.lockchaos.harness.explore.ShrinkStep;
import io.lockchaos.harness.explore.Shrinker;
import io.lockchaos.harness.explore.Trial;
import io.lockchaos.harness.run.ResultsDir;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lockchaos shrink RESULTS_DIR [--tries K] [--min-fails M] [--check NAME]}: cuts a run
 * where a check was invalid down to a smaller schedule with the same check invalid, and writes
 * {@code results/shrink/<stamp>/shrunk.json} and {@code shrink.md}. Exit codes: 0 shrunk (the
 * failure reproduced); 1 the run as recorded did not fail again; 2 its runs could not be carried
 * out; 3 not a results folder with a check invalid, or a bad option.
 */
@Command(name = "shrink", mixinStandardHelpOptions = true,
        description = {"Cut a failing run down: delta debugging over its schedule's steps, then the numbers"
                + " (durations shorter, steps earlier, fewer workers, a shorter workload), each candidate run up to"
                + " K times and failing when M runs have the check invalid. Writes"
                + " results/shrink/<stamp>/shrunk.json (run it with 'lockchaos run') and shrink.md.",
            "Exit codes: 0 shrunk; 1 the run as recorded did not fail again (M of K); 2 its runs could not be"
                + " carried out; 3 not a results folder with a check invalid, or a bad option."})
public final class ShrinkCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULTS_DIR", description = "a run's results folder (e.g. one an exploration kept)")
    private Path dir;

    @Option(names = "--tries", paramLabel = "K", defaultValue = "3", description = "runs per candidate at most (default: 3)")
    private int tries;

    @Option(names = "--min-fails", paramLabel = "M", defaultValue = "2",
            description = "failing runs that make a candidate fail (default: 2)")
    private int minFails;

    @Option(names = "--check", paramLabel = "NAME",
            description = "the check whose invalid verdict to keep (default: the run's first invalid check)")
    private String check;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Scenario start;
        String kept;
        try {
            Shrinker.checkTries(tries, minFails);
            ResultsDir run = new ResultsDir(dir);
            if (!Files.isRegularFile(run.scenarioJson())) {
                throw new ExploreException("not a results folder: " + dir + " holds no scenario.json; give the folder"
                        + " of one run, e.g. results/<scenario>/<stamp> (or results/latest), or one an exploration kept");
            }
            start = ScenarioFile.read(run.scenarioJson());
            SchedulePlan schedule = ScenarioFile.resolvedSchedule(run.scenarioJson()).orElse(start.schedule());
            if (schedule.randomLine().isPresent()) {
                throw new ExploreException(run.scenarioJson() + ": the run's random schedule was never drawn (it"
                        + " failed before its faults started); shrink a run that played its schedule");
            }
            start = start.withoutExpectations().withSchedule(schedule);
            kept = check(run, start);
        } catch (LockchaosException e) {
            err.println("lockchaos: " + e.getMessage());
            return Main.EXIT_USAGE;
        }
        return RunCommand.engineReady(err) ? shrink(start, kept, err) : RunCommand.EXIT_FAILED;
    }

    /** The check to keep: {@code --check}, or the run's first invalid one; it must be invalid in the run. */
    private String check(ResultsDir run, Scenario s) {
        if (!Files.isRegularFile(run.resultsJson())) {
            throw new ExploreException(run.resultsJson() + " is missing: the run has no verdicts; give a results folder"
                    + " of a run that ended (e.g. one an exploration kept)");
        }
        JsonNode checks;
        try {
            checks = JSON.readTree(run.resultsJson().toFile()).path("checks");
        } catch (IOException e) {
            throw new ExploreException(run.resultsJson() + ": cannot read the run's verdicts (" + e.getMessage() + ")", e);
        }
        List<String> invalid = new ArrayList<>();
        for (String name : s.checkNames()) {
            if (checks.path(name).path("valid").isBoolean() && !checks.path(name).path("valid").booleanValue()) {
                invalid.add(name);
            }
        }
        if (check != null && !invalid.contains(check)) {
            throw new ExploreException("--check " + check + ": that check is not invalid in " + run.resultsJson()
                    + "; invalid there: " + (invalid.isEmpty() ? "none" : String.join(", ", invalid)));
        }
        if (invalid.isEmpty()) {
            throw new ExploreException(run.resultsJson() + ": no check is invalid in this run, so there is no failure"
                    + " to shrink");
        }
        return check != null ? check : invalid.get(0);
    }

    private int shrink(Scenario start, String kept, PrintWriter err) {
        Path results = ProjectRoot.find().resolve("results");
        Path out = ResultsDir.create(results, "shrink", LocalDateTime.now()).dir();
        Path log = out.resolve("logs").resolve("runs.log");
        err.printf(Locale.ROOT, "lockchaos: shrinking %s keeping %s invalid (up to %d runs a candidate, failing at %d);"
                + " each run's output in %s%n", dir, kept, tries, minFails, log);
        err.flush();
        Shrinker.Result result;
        try (PrintWriter runLog = new PrintWriter(Files.newBufferedWriter(log), true)) {
            RunTrials trials = new RunTrials(out, runLog::println, problem -> err.println("lockchaos: " + problem),
                    run -> EngineGuard.start(run, err)::interrupt);
            int[] n = {0};
            result = new Shrinker(trials, kept, tries, minFails, step -> {
                err.println(line(++n[0], step, kept));
                err.flush();
            }).shrink(start);
        } catch (IOException e) {
            throw new ExploreException("cannot write " + log + " (" + e + "); check that the results folder is writable", e);
        }
        ShrinkReport report = new ShrinkReport(dir, kept, tries, minFails, result);
        report.write(out);
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.printf(Locale.ROOT, "shrink took %d runs (%d candidates), %.1f min of runs%n", report.runs(),
                result.steps().size(), report.seconds() / 60);
        if (!result.reproduced()) {
            stdout.println("the run as recorded did not fail again (" + kept + " invalid in fewer than " + minFails + " of "
                    + tries + " runs, as recorded and, where it pauses or cuts off named workers, aimed at their lanes' lock holders):"
                    + " nothing to shrink; see " + out.resolve("shrink.md"));
            stdout.flush();
            return result.last().trials().stream().noneMatch(Trial::carriedOut) ? RunCommand.EXIT_FAILED : 1;
        }
        if (result.scenario().schedule().isEmpty()) {
            stdout.println("the failure shows with no faults at all: the scenario's own timing (or the machine's load)"
                    + " breaks the check, not the schedule");
        }
        stdout.println("kept: " + result.scenario().workers() + " workers per lane, " + result.scenario().duration().toMillis()
                + " ms of workload, schedule: " + result.scenario().schedule().oneLine());
        stdout.println("shrunk: " + out.resolve("shrunk.json") + " (lockchaos run " + out.resolve("shrunk.json") + ")");
        stdout.println("steps tried: " + out.resolve("shrink.md"));
        stdout.flush();
        return 0;
    }

    private static String line(int n, ShrinkStep step, String check) {
        long failed = step.trials().stream().filter(t -> t.carriedOut()
                && t.verdict(check) == io.lockchaos.checker.Validity.INVALID).count();
        double seconds = step.trials().stream().mapToDouble(Trial::wallSeconds).sum();
        return String.format(Locale.ROOT, "lockchaos: shrink candidate %d (%s): %s invalid in %d of %d runs, %s (%.0f s)", n,
                step.what(), check, failed, step.trials().size(), step.failing() ? "fails: kept" : "passes: dropped",
                seconds);
    }
}
