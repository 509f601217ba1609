package io.lockchaos.harness.explore;

import io.lockchaos.checker.Validity;
import io.lockchaos.harness.run.CheckName;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.SideBySide;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
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
    private final SideBySide<Integer, ExploreRun> side;
    private final int slots;

    /**
     * One run at a time.
     *
     * @param setup what to explore
     * @param trials makes each run
     * @param keepAll whether to keep the folders of valid runs too
     * @param lines receives a line per run as it ends
     */
    public Exploration(ExploreSummary.Setup setup, Trials trials, boolean keepAll, Consumer<String> lines) {
        this(setup, trials, keepAll, lines, new SideBySide<>(1, () -> 0, 1, java.time.Duration.ofMillis(100)));
    }

    /**
     * Runs side by side as {@code side} admits them. Guided, run k of this shard's runs is planned
     * from runs 0 to k − slots only, waiting for them to end: with one slot that is every run
     * before it, and with any number the same seed and the same margins give the same schedules.
     *
     * @param side how many runs at once, and when one more may start
     */
    public Exploration(ExploreSummary.Setup setup, Trials trials, boolean keepAll, Consumer<String> lines,
                       SideBySide<Integer, ExploreRun> side) {
        this.setup = setup;
        this.trials = trials;
        this.keepAll = keepAll;
        this.lines = lines;
        this.side = side;
        this.slots = side.slots();
    }

    /** The run numbers of this shard (run i has seed {@code firstSeed + i}). */
    public List<Integer> indices() {
        return setup.shard().slice(IntStream.range(0, setup.runs()).boxed().toList(), i -> 1.0);
    }

    /**
     * Runs this shard's runs of {@code base} (its expectations dropped) and tabulates them: each
     * drawn from the random line, or with {@link Strategy#GUIDED} mostly mutated from the runs so
     * far closest to a failure ({@link Guide}); after the first run with a check invalid when the
     * setup says to stop there (runs already under way end and count).
     */
    public ExploreSummary run(Scenario base) {
        Scenario scenario = base.withoutExpectations().withSchedule(setup.timing().plan());
        Guide guide = new Guide(scenario, setup.timing().plan());
        List<Integer> mine = indices();
        Map<Integer, CompletableFuture<ExploreRun>> ends = new HashMap<>();
        mine.forEach(i -> ends.put(i, new CompletableFuture<>()));
        AtomicInteger ended = new AtomicInteger();
        AtomicBoolean found = new AtomicBoolean();
        long start = System.nanoTime();
        List<SideBySide.Job<Integer>> jobs = mine.stream().map(i -> new SideBySide.Job<>(i, false)).toList();
        List<ExploreRun> done;
        try {
            done = side.run(jobs, (i, started) -> {
                try {
                    ExploreRun run = runOne(scenario, guide, i, before(mine, i, ends), started);
                    ends.get(i).complete(run);
                    if (run.trial().overall() == Validity.INVALID) {
                        found.set(true);
                    }
                    synchronized (lines) {
                        lines.accept(line(run, ended.incrementAndGet(), mine.size(), (System.nanoTime() - start) / 1e9));
                    }
                    return run;
                } catch (RuntimeException e) {
                    ends.get(i).completeExceptionally(e);
                    throw e;
                }
            }, () -> setup.untilInvalid() && found.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ExploreException("the exploration was interrupted", e);
        }
        return new ExploreSummary(setup, columns(scenario), done);
    }

    /**
     * The runs a guided run {@code i} is planned from: this shard's runs up to {@code slots}
     * before it, waited for, in order.
     */
    private List<ExploreRun> before(List<Integer> mine, int i, Map<Integer, CompletableFuture<ExploreRun>> ends) {
        if (setup.strategy() != Strategy.GUIDED) {
            return List.of();
        }
        List<ExploreRun> seen = new ArrayList<>();
        for (int k = 0; k <= mine.indexOf(i) - slots; k++) {
            seen.add(ends.get(mine.get(k)).join());
        }
        return seen;
    }

    /** Plans run {@code i} from {@code seen}, runs it, and keeps or deletes its folder. */
    private ExploreRun runOne(Scenario scenario, Guide guide, int i, List<ExploreRun> seen, Runnable started) {
        long seed = setup.firstSeed() + i;
        Guide.Pick pick = setup.strategy() == Strategy.GUIDED ? guide.next(setup.firstSeed(), i, seen)
                : new Guide.Pick(setup.timing().plan(), "random");
        Scenario one = scenario.withSchedule(pick.schedule()).withSeed(seed);
        Trial trial = slots > 1 ? trials.runBeside(one, started) : trials.run(one);
        boolean keep = keepAll || new ExploreRun(i, seed, trial, Optional.empty(), pick.origin()).finding();
        if (!keep) {
            trial.dir().ifPresent(Exploration::delete);
        }
        return new ExploreRun(i, seed, trial, keep ? trial.dir() : Optional.empty(), pick.origin());
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
