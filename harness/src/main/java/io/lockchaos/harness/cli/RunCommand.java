package io.lockchaos.harness.cli;

import io.lockchaos.history.LockchaosException;
import io.lockchaos.cluster.ClusterException;
import io.lockchaos.cluster.EngineSetup;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.report.ResultsIndex;
import io.lockchaos.harness.run.Run;
import io.lockchaos.harness.run.RunException;
import io.lockchaos.harness.run.RunOutcome;
import io.lockchaos.faults.schedule.SchedulePlan;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioCheck;
import io.lockchaos.harness.run.ScenarioException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lockchaos run [SCENARIO] [--seed N] [--time S] [--workers N] [--schedule TEXT]}: runs a
 * scenario end to end and writes {@code results/<scenario>/<stamp>/}. {@code --schedule} replaces
 * the scenario's faults (a script, or {@code random every 5s [KIND,...]} drawn from the seed) and
 * drops its expectations, which were stated for its own schedule. Exit codes: with expectations 0 when
 * every check matched and 1 when not; without, 0 valid, 1 invalid, 2 unknown (also: the run
 * could not be carried out); 3 bad scenario or option.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run a scenario on a real cluster and check its history (default: " + Scenarios.DEFAULT + ").",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:with expected verdicts: every check reached its expected verdict; without: every check valid",
            "1:with expected verdicts: a check did not reach its expected verdict; without: a check invalid",
            "2:without expected verdicts: a check unknown; either way: the run could not be carried out",
            "3:a bad scenario or option (refused before anything starts)",
            "130, 143:stopped by Ctrl-C or SIGTERM (every fault healed, every container removed)"})
public final class RunCommand implements Callable<Integer> {

    /** Exit code of a run that could not be carried out: no verdict, so unknown. */
    static final int EXIT_FAILED = 2;
    /** The system property the launcher sets in its class-data training run: the archive being written. */
    static final String CLASS_DATA_TRAINING = "lockchaos.classDataTraining";

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO",
            description = "a shipped scenario's name (see 'lockchaos list') or a scenario file")
    private String scenario;

    @Option(names = "--seed", description = "the seed (default: the scenario's)")
    private Long seed;

    @Option(names = "--time", paramLabel = "S", description = "how long the workers run, in seconds (default: the scenario's)")
    private Integer seconds;

    @Option(names = "--workers", description = "workers per storage mode (default: the scenario's)")
    private Integer workers;

    @Option(names = "--schedule", paramLabel = "TEXT",
            description = "replace the scenario's fault schedule: a script ('at 3s pause worker-1 for 5s', one step a"
                    + " line) or 'random every INTERVAL [KIND,...]' (kinds: pause, clock, kill, partition, link,"
                    + " failover), drawn from the seed; the scenario's expectations are dropped")
    private String schedule;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Scenario s;
        try {
            if (scenario == null) {
                err.println("lockchaos: no scenario given; running the default, " + Scenarios.DEFAULT
                        + " (the seed story: a lock holder paused longer than the TTL, unfenced and fenced"
                        + " ledgers side by side)");
            }
            String name = scenario == null ? Scenarios.DEFAULT : scenario;
            s = Scenarios.find(name);
            s = ScenarioCheck.check(override(s), new ScenarioCheck.Where(name, overridden()),
                    Path.of("").toAbsolutePath());
            if (schedule != null && !s.expect().isEmpty()) {
                err.println("lockchaos: --schedule replaces the scenario's faults; its expected verdicts no longer"
                        + " apply, so the exit code follows the verdict (0 valid, 1 invalid, 2 unknown)");
                s = s.withoutExpectations();
            }
        } catch (LockchaosException e) {
            err.println("lockchaos: " + e.getMessage());
            return Main.EXIT_USAGE;
        }
        return execute(s, spec);
    }

    /** The fields the options set, each named by its option in messages. */
    private Map<String, String> overridden() {
        Map<String, String> options = new LinkedHashMap<>();
        if (schedule != null) {
            options.put("schedule", "--schedule");
        }
        if (seconds != null) {
            options.put("durationMs", "--time (in ms)");
        }
        if (workers != null) {
            options.put("workers", "--workers");
        }
        return options;
    }

    /** {@code s} with the options applied; {@link ScenarioCheck} then checks the whole. */
    private Scenario override(Scenario s) {
        if (schedule != null) {
            s = s.withSchedule(SchedulePlan.parseLine("--schedule", schedule));
        }
        if (seed != null) {
            s = s.withSeed(seed);
        }
        if (seconds != null) {
            if (seconds < 1) {
                throw new ScenarioException("--time is " + seconds + "; give 1 second or more");
            }
            s = s.withDuration(Duration.ofSeconds(seconds));
        }
        if (workers != null) {
            s = s.withWorkers(workers);
        }
        return s;
    }

    /** Runs {@code s} with results under the checkout's {@code results/}; prints progress and verdicts. */
    static int execute(Scenario s, CommandSpec spec) {
        return attempt(s, spec).exitCode();
    }

    /**
     * One run's exit code and its results folder (none when the run could not be set up).
     *
     * @param exitCode as {@code lockchaos run} exits
     * @param results the run's folder, empty when the run was refused before it had one
     */
    record Attempt(int exitCode, java.util.Optional<io.lockchaos.harness.run.ResultsDir> results) {
    }

    /** {@link #execute}, also saying where the run's results are. */
    static Attempt attempt(Scenario s, CommandSpec spec) {
        return attempt(s, spec, ProjectRoot.find().resolve("results"));
    }

    /** {@link #attempt(Scenario, CommandSpec)} with the run's folder under {@code root}. */
    static Attempt attempt(Scenario s, CommandSpec spec, Path root) {
        return attempt(s, spec.commandLine().getOut(), spec.commandLine().getErr(), root, () -> { });
    }

    /**
     * {@link #attempt(Scenario, CommandSpec, Path)} printing to {@code out} and {@code err};
     * {@code started} is told once the run is started ({@link Run#onStarted}) or has ended.
     */
    static Attempt attempt(Scenario s, PrintWriter out, PrintWriter err, Path root, Runnable started) {
        err.println("lockchaos: running " + s.name() + " (seed " + s.seed() + ", " + s.duration().toSeconds()
                + " s, " + s.workers() + " workers per storage mode)");
        if (!engineReady(err)) {
            return new Attempt(EXIT_FAILED, java.util.Optional.empty());
        }
        Run run;
        try {
            run = Run.create(s, root, line -> {
                err.println("lockchaos: " + line);
                err.flush();
            });
        } catch (ScenarioException e) {
            err.println("lockchaos: " + e.getMessage());
            return new Attempt(Main.EXIT_USAGE, java.util.Optional.empty());
        }
        run.onStarted(started);
        return new Attempt(execute(run, root, out, err), java.util.Optional.of(run.results()));
    }

    /** Makes sure the Docker engine and images are there ({@link EngineSetup}); says why not when they are not. */
    static boolean engineReady(PrintWriter err) {
        try {
            EngineSetup.ensure();
            return true;
        } catch (ClusterException e) {
            err.println("lockchaos: " + e.getMessage());
            return false;
        }
    }

    private static int execute(Run run, Path root, PrintWriter out, PrintWriter err) {
        Thread guard = EngineGuard.start(run, err);
        try (run) {
            RunOutcome outcome = run.execute();
            markClassDataTraining();
            out.print(outcome.toText());
            out.println("results: " + outcome.dir());
            out.println(outcome.unsafeWindowsLine());
            out.println(outcome.verdictLine());
            out.flush();
            return outcome.exitCode();
        } catch (RuntimeException e) {
            // A run that fails after it started is no verdict: unknown, with what it recorded. An
            // error from the engine (stopped or gone mid-run) is not ours, so its type is named too.
            if (run.engineLost().isPresent()) {
                EngineGuard.notCarriedOut(run, err);
            } else if (run.stoppedBySignal()) {
                err.println("lockchaos: " + e.getMessage() + "; every fault healed and every container removed");
                err.println("lockchaos: what was recorded is in " + run.results().dir());
            } else {
                err.println("lockchaos: the run failed: " + (e instanceof LockchaosException ? e.getMessage() : e));
                err.println("lockchaos: what was recorded is in " + run.results().dir());
            }
            return EXIT_FAILED;
        } finally {
            guard.interrupt();
            writeIndex(root, err);
        }
    }

    /**
     * In the launcher's training run (see {@code ./lockchaos}) the JVM writes a class-data archive
     * of what a run loads as it exits, to the file this property names; a run that got to its
     * verdict loaded every class a run needs, so it marks the archive worth keeping. Without the
     * mark the launcher deletes the archive, which costs only the time a later run saves.
     */
    private static void markClassDataTraining() {
        String archive = System.getProperty(CLASS_DATA_TRAINING);
        if (archive == null) {
            return;
        }
        try {
            Files.writeString(Path.of(archive + ".ok"), "");
        } catch (IOException | InvalidPathException e) {
            // Unmarked, the archive is deleted by the next command: nothing is lost but time.
        }
    }

    /** Brings results/index.html up to date; a page that cannot be written is said, not fatal. */
    static void writeIndex(Path root, PrintWriter err) {
        try {
            synchronized (RunCommand.class) { // runs side by side (matrix --parallel) end at any time
                ResultsIndex.write(root);
            }
        } catch (LockchaosException e) {
            err.println("lockchaos: could not update the runs index: " + e.getMessage());
        }
    }
}
