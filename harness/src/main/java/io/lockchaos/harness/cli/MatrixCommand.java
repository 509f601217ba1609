package io.lockchaos.harness.cli;

import io.lockchaos.checker.LockchaosException;
import io.lockchaos.harness.cluster.ProjectRoot;
import io.lockchaos.harness.matrix.Matrix;
import io.lockchaos.harness.matrix.MatrixRow;
import io.lockchaos.harness.matrix.MatrixScenario;
import io.lockchaos.harness.matrix.RunSummary;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code lockchaos matrix [--runs N] [SCENARIO...]}: runs each scenario (all shipped ones by
 * default, by design row) N times in turn, one after another, and writes
 * {@code results/matrix.json}, {@code matrix.md} and {@code matrix.html}. Every scenario file
 * is read before the first run starts. Exit codes: 0 every run reached its expected verdicts,
 * 1 one did not, 2 a run could not be carried out (no verdict), 3 a bad scenario or option.
 */
@Command(name = "matrix", mixinStandardHelpOptions = true,
        description = "Run scenarios (default: every shipped one) N times each and write results/matrix.{json,md,html}.")
public final class MatrixCommand implements Callable<Integer> {

    /** What a shell reports for a process ended by SIGTERM; the JVM exits with it anyway. */
    private static final int EXIT_STOPPED = 143;

    @Spec
    private CommandSpec spec;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "1", description = "runs per scenario (default: 1)")
    private int runs;

    @Parameters(arity = "0..*", paramLabel = "SCENARIO",
            description = "shipped scenario names (see 'lockchaos list') or scenario files")
    private List<String> names = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        List<MatrixScenario> scenarios;
        try {
            if (runs < 1) {
                throw new LockchaosException("--runs is " + runs + "; give 1 or more");
            }
            scenarios = scenarios();
        } catch (LockchaosException e) {
            err.println("lockchaos: " + e.getMessage());
            return Main.EXIT_USAGE;
        }
        List<MatrixRow> rows = new ArrayList<>();
        // Ctrl-C or SIGTERM stops the run under way (its own hook heals and removes it); no run may start after it.
        AtomicBoolean stopping = new AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stopping.set(true), "lockchaos-matrix-stop"));
        for (MatrixScenario s : scenarios) {
            List<RunSummary> summaries = new ArrayList<>();
            for (int i = 1; i <= runs; i++) {
                if (stopping.get()) {
                    err.println("lockchaos: matrix stopped (Ctrl-C or SIGTERM); no matrix files written");
                    return EXIT_STOPPED;
                }
                err.printf(Locale.ROOT, "lockchaos: matrix: %s, run %d of %d%n", s.scenario().name(), i, runs);
                summaries.add(runOnce(s));
            }
            rows.add(new MatrixRow(s, summaries));
        }
        Matrix matrix = new Matrix(Instant.now(), commit(), rows);
        Path root = ProjectRoot.find().resolve("results");
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
                .sorted(Comparator.comparingInt((MatrixScenario s) -> s.designRow().orElse(Integer.MAX_VALUE))
                        .thenComparing(s -> s.scenario().name()))
                .toList();
    }

    private RunSummary runOnce(MatrixScenario s) {
        long start = System.nanoTime();
        RunCommand.Attempt attempt = RunCommand.attempt(s.scenario(), spec);
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
