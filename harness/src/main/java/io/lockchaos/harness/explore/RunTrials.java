package io.lockchaos.harness.explore;

import io.lockchaos.faults.schedule.SchedulePlan;
import io.lockchaos.history.LockchaosException;
import io.lockchaos.checker.Validity;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.harness.run.Run;
import io.lockchaos.harness.run.RunOutcome;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioFile;
import io.lockchaos.harness.run.SideBySide;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Real runs: each {@link Run} on its own cluster, its results under {@code root}. The run's own
 * progress lines go to {@code progress} (a file, or nowhere); what went wrong with a run that
 * could not be carried out goes to {@code problems}, one line, and the trial counts as unknown.
 * {@code guard} watches each run while it executes (the CLI's answer to a Docker engine that
 * stops mid-run) and is stopped by the {@link Runnable} it returns.
 */
public final class RunTrials implements Trials {

    private final Path root;
    private final Consumer<String> progress;
    private final Consumer<String> problems;
    private final Function<Run, Runnable> guard;

    public RunTrials(Path root, Consumer<String> progress, Consumer<String> problems, Function<Run, Runnable> guard) {
        this.root = root;
        this.progress = progress;
        this.problems = problems;
        this.guard = guard;
    }

    @Override
    public Trial run(Scenario scenario) {
        return run(scenario, () -> { }, false);
    }

    /**
     * Beside other runs, one that {@link SideBySide#stoodStill} too long
     * during its workload is not carried out (said on {@code problems}): its timing may have
     * slipped by as much, and its verdicts do not count.
     */
    @Override
    public Trial runBeside(Scenario scenario, Runnable started) {
        try {
            return run(scenario, started, true);
        } finally {
            started.run();
        }
    }

    private Trial run(Scenario scenario, Runnable started, boolean beside) {
        long start = System.nanoTime();
        Run run;
        try {
            run = Run.create(scenario, root, beside ? l -> progress.accept("[seed " + scenario.seed() + "] " + l) : progress);
        } catch (LockchaosException e) {
            problems.accept("the run was refused: " + e.getMessage().lines().findFirst().orElse(""));
            return new Trial(Optional.empty(), false, Map.of(), scenario.schedule(), seconds(start));
        }
        Runnable unguard = guard.apply(run);
        run.onStarted(started);
        try (run) {
            RunOutcome outcome = run.execute();
            Optional<String> still = beside ? SideBySide.stoodStill(outcome.worstStallMs()) : Optional.empty();
            if (still.isPresent()) {
                problems.accept(still.get() + "; its folder is kept: " + run.results().dir());
                return new Trial(Optional.of(run.results().dir()), false, Map.of(), played(run, scenario), seconds(start));
            }
            Map<String, Validity> verdicts = new LinkedHashMap<>();
            outcome.checks().forEach((name, r) -> verdicts.put(name, r.valid()));
            OptionalDouble worst = outcome.unsafeWindows().unmeasurable().isPresent()
                    ? OptionalDouble.empty() : OptionalDouble.of(outcome.unsafeWindows().worstMs());
            return new Trial(Optional.of(run.results().dir()), true, verdicts, played(run, scenario), seconds(start),
                    worst, margin(scenario, run.results().historyEdn()));
        } catch (RuntimeException e) {
            // No verdict: unknown, with what the run recorded left in its folder.
            String why = e instanceof LockchaosException ? e.getMessage() : e.toString();
            problems.accept("the run failed (" + why.lines().findFirst().orElse("") + "); what it recorded, and the"
                    + " whole message, are in " + run.results().dir());
            return new Trial(Optional.of(run.results().dir()), false, Map.of(), played(run, scenario), seconds(start));
        } finally {
            unguard.run();
        }
    }

    /** The run's margin, from the history it wrote; empty (and said) when that cannot be read. */
    private Optional<Margin> margin(Scenario scenario, Path history) {
        try {
            return Margin.of(scenario, HistoryFormats.read(history));
        } catch (RuntimeException e) {
            problems.accept("no margin for " + history + " (" + e.getMessage().lines().findFirst().orElse("") + ")");
            return Optional.empty();
        }
    }

    /** The schedule the run played, as its scenario.json records it. */
    private static SchedulePlan played(Run run, Scenario scenario) {
        Path file = run.results().scenarioJson();
        if (!Files.isRegularFile(file)) {
            return scenario.schedule();
        }
        return ScenarioFile.resolvedSchedule(file).orElse(scenario.schedule());
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
