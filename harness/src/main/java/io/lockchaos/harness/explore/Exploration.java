package io.lockchaos.harness.explore;

import io.lockchaos.checker.Validity;
import io.lockchaos.harness.run.CheckName;
import io.lockchaos.harness.run.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Runs an exploration: run i of the scenario with the random schedule line and seed
 * {@code firstSeed + i}, for this shard's runs; a line per run as it ends; the folders of runs
 * with nothing invalid or unknown deleted unless every run is kept.
 */
public final class Exploration {

    private final ExploreSummary.Setup setup;
    private final Trials trials;
    private final boolean keepAll;
    private final Consumer<String> lines;

    /**
     * @param setup what to explore
     * @param trials makes each run
     * @param keepAll whether to keep the folders of valid runs too
     * @param lines receives a line per run as it ends
     */
    public Exploration(ExploreSummary.Setup setup, Trials trials, boolean keepAll, Consumer<String> lines) {
        this.setup = setup;
        this.trials = trials;
        this.keepAll = keepAll;
        this.lines = lines;
    }

    /** The run numbers of this shard (run i has seed {@code firstSeed + i}). */
    public List<Integer> indices() {
        return setup.shard().slice(IntStream.range(0, setup.runs()).boxed().toList(), i -> 1.0);
    }

    /**
     * Runs this shard's runs of {@code base} (its expectations dropped) and tabulates them: each
     * drawn from the random line, or with {@link Strategy#GUIDED} mostly mutated from the runs so
     * far closest to a failure ({@link Guide}); after the first run with a check invalid when the
     * setup says to stop there.
     */
    public ExploreSummary run(Scenario base) {
        Scenario scenario = base.withoutExpectations().withSchedule(setup.timing().plan());
        Guide guide = new Guide(scenario, setup.timing().plan());
        List<Integer> mine = indices();
        List<ExploreRun> done = new ArrayList<>();
        long start = System.nanoTime();
        for (int i : mine) {
            long seed = setup.firstSeed() + i;
            Guide.Pick pick = setup.strategy() == Strategy.GUIDED ? guide.next(setup.firstSeed(), i, done)
                    : new Guide.Pick(setup.timing().plan(), "random");
            Trial trial = trials.run(scenario.withSchedule(pick.schedule()).withSeed(seed));
            ExploreRun run = new ExploreRun(i, seed, trial, Optional.empty(), pick.origin());
            boolean keep = keepAll || run.finding();
            if (!keep) {
                trial.dir().ifPresent(Exploration::delete);
            }
            run = new ExploreRun(i, seed, trial, keep ? trial.dir() : Optional.empty(), pick.origin());
            done.add(run);
            lines.accept(line(run, done.size(), mine.size(), (System.nanoTime() - start) / 1e9));
            if (setup.untilInvalid() && trial.overall() == Validity.INVALID) {
                break;
            }
        }
        return new ExploreSummary(setup, columns(scenario), done);
    }

    /** The merged checks, then each lane's ledger. */
    private static List<String> columns(Scenario scenario) {
        List<String> columns = new ArrayList<>(scenario.checks());
        scenario.storage().forEach(f -> columns.add(CheckName.of(CheckName.LEDGER, f).id()));
        return columns;
    }

    /**
     * {@code [####------] 4/10 run 3, seed 4 (kill, pause): invalid [mutex] in 31 s, margin -3150 ms,
     * from run 1 (margin 4210 ms): lengthen step 2; about 3 min left}.
     */
    static String line(ExploreRun run, int done, int total, double elapsedSeconds) {
        int width = 20;
        int filled = (int) Math.round(width * (double) done / total);
        String bar = "#".repeat(filled) + "-".repeat(width - filled);
        double left = elapsedSeconds / done * (total - done);
        String what = run.trial().carriedOut() ? run.trial().overall().word() : "no verdict (the run failed)";
        List<String> invalid = ExploreSummary.invalidChecks(run);
        String margin = run.trial().margin().map(m -> ", " + m.words()).orElse("");
        String origin = run.origin().equals("random") ? "" : ", from " + run.origin();
        return String.format(Locale.ROOT, "[%s] %d/%d run %d, seed %d (%s): %s%s in %.0f s%s%s; %s", bar, done, total,
                run.index(), run.seed(), run.kinds().isEmpty() ? "no faults" : String.join(", ", run.kinds()), what,
                invalid.isEmpty() ? "" : " " + invalid, run.trial().wallSeconds(), margin, origin,
                done == total ? "done" : "about " + minutes(left) + " left");
    }

    private static String minutes(double seconds) {
        return seconds < 90 ? Math.round(seconds) + " s" : Math.round(seconds / 60) + " min";
    }

    /** Deletes a run's folder and everything in it. */
    static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new ExploreException("cannot delete " + dir + " (" + e + "); check that the results folder is writable", e);
        }
    }
}
