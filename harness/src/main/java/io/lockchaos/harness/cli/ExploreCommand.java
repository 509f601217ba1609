package io.lockchaos.harness.cli;

import io.lockchaos.history.LockchaosException;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.explore.ExploreException;
import io.lockchaos.harness.explore.ExploreSummary;
import io.lockchaos.harness.explore.Exploration;
import io.lockchaos.harness.explore.FaultTiming;
import io.lockchaos.harness.explore.RunTrials;
import io.lockchaos.harness.explore.Shard;
import io.lockchaos.harness.explore.Strategy;
import io.lockchaos.harness.run.ResultsDir;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioCheck;
import io.lockchaos.harness.run.SideBySide;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lockchaos explore SCENARIO --runs N [--seed S] [--faults KIND,...] [--every 4s]
 * [--strategy random|guided] [--until-invalid] [--keep-all] [--parallel N] [--shard I/N]}: N runs of the
 * scenario's lock, topology and lanes, run i with a random schedule drawn from seed S+i or, guided,
 * mutated from the runs closest to a failure, the scenario's own schedule and expectations dropped; its
 * faults last around the lock's own timescales, or half an interval to a whole one with
 * {@code --every} ({@link FaultTiming}).
 * Writes {@code results/explore/<stamp>/summary.json} and {@code summary.md}. Exit codes: 0 every
 * run was carried out and every check valid; 1 some run had a check invalid (a finding); 2 none
 * invalid but some check unknown or a run failed; 3 bad scenario or option.
 */
@Command(name = "explore", mixinStandardHelpOptions = true,
        description = {"Search for failures nobody scripted: N runs of a scenario's lock, topology and lanes,"
                + " run i with a random fault schedule drawn from seed S+i or, guided (the default), mostly a"
                + " mutation of the schedule of a run that came closest to a lease failure (the scenario's own"
                + " schedule and expectations are dropped). Keeps the results of runs with a check invalid or unknown and"
                + " writes results/explore/<stamp>/summary.{json,md}.",
            "Exit codes: 0 every run carried out and every check valid; 1 some run had a check invalid"
                + " (a finding: see summary.md, then 'lockchaos shrink' a kept run); 2 nothing invalid but"
                + " some check unknown or a run failed; 3 bad scenario or option."})
public final class ExploreCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO",
            description = "a shipped scenario's name (see 'lockchaos list') or a scenario file")
    private String scenario;

    @Option(names = "--runs", paramLabel = "N", required = true, description = "runs in all (over every shard)")
    private int runs;

    @Option(names = "--seed", paramLabel = "S", description = "the seed of run 0; run i has S+i (default: the scenario's)")
    private Long seed;

    @Option(names = "--faults", paramLabel = "KIND,...", split = ",", hideParamSyntax = true,
            description = "the kinds to draw from: pause, clock, kill, partition, link, failover, starve (default: every kind"
                    + " the topology offers)")
    private List<String> faults = List.of();

    @Option(names = "--every", paramLabel = "INTERVAL",
            description = "a fault every INTERVAL, lasting half of it to all of it (default: faults one after another,"
                    + " each lasting below, near or above one of the lock's timescales, its TTL, watchdog, lease or"
                    + " session timeout; every " + FaultTiming.DEFAULT_EVERY + " for a lock without one)")
    private String every;

    @Option(names = "--strategy", paramLabel = "random|guided", defaultValue = "guided",
            description = "random: every run draws its schedule afresh from seed S+i; guided (default): after the first"
                    + " run, most runs mutate the played schedules of the runs with the smallest margins (closest to a"
                    + " lease failure): lengthen, shift, retarget (a worker or holder-<lane>), combine; seeded")
    private String strategy;

    @Option(names = "--until-invalid", description = "stop after the first run with a check invalid")
    private boolean untilInvalid;

    @Option(names = "--keep-all", description = "keep the results of every run, not only those with a check invalid or unknown")
    private boolean keepAll;

    @Option(names = "--parallel", paramLabel = "N|auto", defaultValue = "1", description = "runs side by side (default: 1,"
            + " one after another): at most N at once (auto: three per core, at most one per 3 GiB of memory), "
            + SideBySide.ADMISSION_HELP + "; guided, run k is planned from runs 0"
            + " to k-N; a run that stood still over 1 s beside others is not carried out")
    private String parallel;

    @Option(names = "--shard", paramLabel = "I/N", defaultValue = "1/1",
            description = "run only the I-th of N disjoint slices of the runs (run i goes to shard i mod N + 1)")
    private String shard;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Scenario base;
        ExploreSummary.Setup setup;
        int slots;
        try {
            if (runs < 1) {
                throw new ExploreException("--runs is " + runs + "; give 1 or more");
            }
            slots = SideBySide.slots("--parallel", parallel);
            base = Scenarios.find(scenario);
            FaultTiming timing = FaultTiming.of(base, Optional.ofNullable(every), faults);
            String line = timing.line();
            ScenarioCheck.check(base.withoutExpectations().withSchedule(timing.plan()),
                    new ScenarioCheck.Where(scenario, Map.of("schedule", "--every/--faults")), Path.of("").toAbsolutePath());
            Strategy how = Strategy.of(strategy).orElseThrow(() -> new ExploreException("--strategy is '" + strategy
                    + "'; give random or guided"));
            setup = new ExploreSummary.Setup(base.name(), line, seed == null ? base.seed() : seed, runs, Shard.parse(shard),
                    timing, how, untilInvalid);
        } catch (LockchaosException e) {
            err.println("lockchaos: " + e.getMessage());
            return Main.EXIT_USAGE;
        }
        return RunCommand.engineReady(err) ? explore(base, setup, slots, err) : RunCommand.EXIT_FAILED;
    }

    private int explore(Scenario base, ExploreSummary.Setup setup, int slots, PrintWriter err) {
        Path results = ProjectRoot.find().resolve("results");
        Path dir = ResultsDir.create(results, "explore", LocalDateTime.now()).dir();
        Path log = dir.resolve("logs").resolve("runs.log");
        err.printf("lockchaos: exploring %s: '%s', %s, run i with seed %d+i, %d runs (shard %s)%s; each run's output in %s%n",
                setup.scenario(), setup.schedule(), setup.strategy().word(), setup.firstSeed(), setup.runs(), setup.shard(),
                slots > 1 ? ", up to " + slots + " side by side" : "", log);
        err.flush();
        ExploreSummary summary;
        try (PrintWriter runLog = new PrintWriter(Files.newBufferedWriter(log), true)) {
            RunTrials trials = new RunTrials(dir, runLog::println,
                    problem -> err.println("lockchaos: " + problem),
                    run -> EngineGuard.start(run, err)::interrupt);
            summary = new Exploration(setup, trials, keepAll, l -> {
                err.println("lockchaos: explore " + l);
                err.flush();
            }, SideBySide.onThisMachine(slots)).run(base);
        } catch (IOException e) {
            throw new ExploreException("cannot write " + log + " (" + e + "); check that the results folder is writable", e);
        }
        summary.write(dir, results.getParent());
        PrintWriter out = spec.commandLine().getOut();
        out.print(summary.markdown());
        out.println("summary: " + dir.resolve("summary.md"));
        out.flush();
        RunCommand.writeIndex(results, err);
        return summary.exitCode();
    }
}
