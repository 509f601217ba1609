package io.lockchaos.harness.cli;

import io.lockchaos.history.LockchaosException;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.explore.Shard;
import io.lockchaos.harness.matrix.Matrix;
import io.lockchaos.harness.matrix.MatrixMerge;
import io.lockchaos.harness.matrix.MatrixRow;
import io.lockchaos.harness.matrix.MatrixScenario;
import io.lockchaos.harness.matrix.MatrixShards;
import io.lockchaos.harness.matrix.RunSummary;
import io.lockchaos.harness.run.ExitSignals;
import io.lockchaos.harness.run.SideBySide;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lockchaos matrix [--runs N] [--shard I/N [--timing FILE]] [SCENARIO...]}: runs each scenario
 * (all shipped ones by default, by design row) N times, side by side up to {@code --parallel} ({@link
 * io.lockchaos.harness.run.SideBySide}), and writes
 * {@code results/matrix.json}, {@code matrix.md} and {@code matrix.html}; with {@code --shard}
 * only its slice of the scenarios ({@link MatrixShards}). {@code lockchaos matrix --merge DIR...}
 * writes the one matrix of several shards' results folders ({@link MatrixMerge}) instead. Every
 * scenario file is read before the first run starts. Exit codes: 0 every run reached its expected verdicts,
 * 1 one did not, 2 a run could not be carried out (no verdict) and none did not match, 3 a bad scenario or
 * option.
 */
@Command(name = "matrix", mixinStandardHelpOptions = true,
        description = "Run scenarios (default: every shipped one) N times each and write results/matrix.{json,md,html}.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every run reached its expected verdicts",
            "1:a run did not (whether or not another could be carried out)",
            "2:a run could not be carried out (no verdict) and every other reached its expected verdicts",
            "3:a bad scenario or option (every scenario file is read before the first run)",
            "130, 143:stopped by Ctrl-C or SIGTERM (no matrix files written)"})
public final class MatrixCommand implements Callable<Integer> {

    /** What a shell reports for a process ended by SIGTERM; the JVM exits with it anyway. */
    private static final int EXIT_STOPPED = 143;

    @Spec
    private CommandSpec spec;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "1", description = "runs per scenario (default: 1)")
    private int runs;

    @Option(names = "--shard", paramLabel = "I/N", description = "run only the I-th of N disjoint slices of the scenarios,"
            + " balanced by wall time (recorded in --timing's matrix.json, else estimated from the scenario)")
    private String shard;

    @Option(names = "--timing", paramLabel = "FILE", description = "a matrix.json of an earlier matrix whose wall times"
            + " balance --shard (give every shard the same file) and order the runs under --parallel (longest first)")
    private Path timing;

    @Option(names = "--merge", paramLabel = "DIR", arity = "1..*", description = "merge shards: read each DIR's matrix.json"
            + " and the runs it lists, and write one matrix.json, matrix.md and matrix.html (to --out); runs nothing")
    private List<Path> merge = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "where --merge writes the matrix (default: results/)")
    private Path outDir;

    @Option(names = "--parallel", paramLabel = "N|auto", defaultValue = "auto", description = "runs side by side (default:"
            + " auto, three per core and at most one per 3 GiB of memory; 1 runs them one after another): at most N at once, "
            + SideBySide.ADMISSION_HELP + "; a scenario marked \"alone\": true"
            + " runs with nothing beside it (those first, then the longest first; the table keeps its order)")
    private String parallel;

    @Parameters(arity = "0..*", paramLabel = "SCENARIO",
            description = "shipped scenario names (see 'lockchaos list') or scenario files")
    private List<String> names = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (!merge.isEmpty()) {
            return merge(err);
        }
        List<MatrixScenario> scenarios;
        int slots;
        Map<String, Double> recorded;
        try {
            if (runs < 1) {
                throw new LockchaosException("--runs is " + runs + "; give 1 or more");
            }
            slots = SideBySide.slots("--parallel", parallel);
            scenarios = scenarios();
            recorded = timing == null ? Map.of() : MatrixShards.recorded(timing);
            if (shard != null) {
                Shard slice = Shard.parse(shard);
                scenarios = MatrixShards.slice(scenarios, slice, recorded);
                err.println("lockchaos: matrix: shard " + slice + ": " + scenarios.stream().map(s -> s.scenario().name()).toList());
            }
        } catch (LockchaosException e) {
            err.println("lockchaos: " + e.getMessage());
            return Main.EXIT_USAGE;
        }
        // Ctrl-C or SIGTERM closes the runs under way, all at once (ExitSignals); no run starts after it.
        AtomicBoolean stopping = new AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stopping.set(true), "lockchaos-matrix-stop"));
        List<SideBySide.Job<Job>> jobs = new ArrayList<>();
        for (int n = 0; n < scenarios.size(); n++) {
            for (int i = 1; i <= runs; i++) {
                jobs.add(new SideBySide.Job<>(new Job(n, i), scenarios.get(n).alone(),
                        MatrixShards.seconds(scenarios.get(n), recorded)));
            }
        }
        List<MatrixScenario> chosen = scenarios;
        int side = slots;
        Eta eta = new Eta(scenarios.stream().map(s -> s.scenario().duration()).toList(), runs, slots, System::nanoTime);
        PrintWriter out = spec.commandLine().getOut();
        if (slots > 1) {
            err.println("lockchaos: matrix: up to " + slots + " runs side by side, each line prefixed with its run");
        }
        List<RunSummary> summaries;
        long matrixBegun = System.nanoTime();
        // The checkout as the runs start: commits made while they run are not what they ran.
        String commit = commit();
        try {
            summaries = SideBySide.<Job, RunSummary>onThisMachine(slots).run(jobs, (job, started) -> {
                        MatrixScenario s = chosen.get(job.scenario());
                        String label = s.scenario().name() + " #" + job.run();
                        PrintWriter runErr = side > 1 ? PrefixedLines.of(err, "[" + label + "] ") : err;
                        PrintWriter runOut = side > 1 ? PrefixedLines.of(out, "[" + label + "] ") : out;
                        Eta.Start begun;
                        synchronized (eta) {
                            begun = eta.start(job.scenario());
                            err.printf(Locale.ROOT, "lockchaos: matrix: scenario %d of %d (%s), run %d of %d; %s%n",
                                    job.scenario() + 1, chosen.size(), s.scenario().name(), job.run(), runs, begun.left());
                            err.flush();
                        }
                        RunSummary summary = runOnce(s, runOut, runErr, started);
                        Optional<String> still = side > 1 && summary.carriedOut()
                                ? SideBySide.stoodStill(summary.worstStallMs().orElse(0)) : Optional.empty();
                        if (still.isPresent()) {
                            summary = summary.voided(still.get());
                            runErr.println("lockchaos: " + still.get());
                        }
                        synchronized (eta) {
                            eta.ran(job.scenario(), begun.token());
                        }
                        return summary;
                    }, stopping::get);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopping.set(true);
            summaries = List.of();
        }
        if (stopping.get() || ExitSignals.exiting()) {
            err.println("lockchaos: matrix stopped (Ctrl-C or SIGTERM); no matrix files written");
            return EXIT_STOPPED;
        }
        List<MatrixRow> rows = new ArrayList<>();
        for (int n = 0; n < scenarios.size(); n++) {
            rows.add(new MatrixRow(scenarios.get(n), summaries.subList(n * runs, (n + 1) * runs)));
        }
        Matrix matrix = new Matrix(Instant.now(), commit, rows,
                Optional.of(new Matrix.Pace((System.nanoTime() - matrixBegun) / 1e9, slots)));
        return write(matrix, ProjectRoot.find().resolve("results"));
    }

    /** {@code --merge}: one matrix from the shards' folders; 3 when a folder cannot be read. */
    private int merge(PrintWriter err) {
        if (!names.isEmpty() || shard != null) {
            err.println("lockchaos: --merge runs nothing; give it the shards' results folders only (not scenarios or --shard)");
            return Main.EXIT_USAGE;
        }
        Matrix matrix;
        try {
            matrix = MatrixMerge.read(merge);
        } catch (LockchaosException e) {
            err.println("lockchaos: " + e.getMessage());
            return Main.EXIT_USAGE;
        }
        Path root = outDir != null ? outDir : ProjectRoot.find().resolve("results");
        try {
            java.nio.file.Files.createDirectories(root);
        } catch (IOException e) {
            err.println("lockchaos: cannot create " + root + " (" + e + ")");
            return Main.EXIT_USAGE;
        }
        return write(matrix, root);
    }

    private int write(Matrix matrix, Path root) {
        matrix.write(root);
        PrintWriter out = spec.commandLine().getOut();
        out.print(matrix.markdown());
        out.println("matrix: " + root.resolve("matrix.md") + ", " + root.resolve("matrix.html"));
        out.flush();
        return matrix.exitCode();
    }

    /** The named scenarios in the order given, or every shipped one by design row (rows beside the table last). */
    private List<MatrixScenario> scenarios() {
        if (!names.isEmpty()) {
            return names.stream().map(n -> MatrixScenario.read(Scenarios.file(n))).toList();
        }
        return Scenarios.shipped().stream().map(MatrixScenario::read)
                .sorted(MatrixScenario.TABLE_ORDER)
                .toList();
    }

    /** Run {@code run} (1 to --runs) of the scenario at {@code scenario} in the list. */
    private record Job(int scenario, int run) {
    }

    private RunSummary runOnce(MatrixScenario s, PrintWriter out, PrintWriter err, Runnable started) {
        long start = System.nanoTime();
        RunCommand.Attempt attempt = RunCommand.attempt(s.scenario(), out, err, ProjectRoot.find().resolve("results"),
                started);
        double wall = (System.nanoTime() - start) / 1e9;
        return RunSummary.read(attempt.results().orElseThrow(() -> new LockchaosException(
                s.file() + ": the run was refused before it started (see the message above)")), wall);
    }

    /** {@code git describe --always --dirty} in the checkout, or "unknown" when git cannot say. */
    private static String commit() {
        try {
            Process git = new ProcessBuilder("git", "describe", "--always", "--dirty")
                    .directory(ProjectRoot.find().toFile()).redirectErrorStream(true).start();
            String text = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0 && !text.isEmpty() ? text : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
