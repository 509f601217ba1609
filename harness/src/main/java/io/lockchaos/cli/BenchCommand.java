package io.lockchaos.cli;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.Validity;
import io.lockchaos.checker.history.History;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.checker.linear.Linearizability;
import io.lockchaos.checker.lock.LockChecks;
import io.lockchaos.checker.lock.LockHistories;
import io.lockchaos.checker.model.Model;
import io.lockchaos.checker.model.Models;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code lockchaos bench}: how fast the checker is, measured, not asserted. The corpus part
 * reports the sum over files of the median of N checks each, files parsed beforehand and the
 * JIT warmed by a first pass (the comparison Porcupine's own figures make); it also verifies
 * every verdict against EXPECTED.tsv. The lock part generates lock-workload histories and
 * times each check.
 */
@Command(name = "bench",
        mixinStandardHelpOptions = true,
        description = {"Measures the checker: the Jepsen/Porcupine corpus, and generated lock histories.",
            "Exit code 1 when a corpus verdict differs from EXPECTED.tsv."},
        sortOptions = false)
final class BenchCommand implements Callable<Integer> {

    /** The generated lock histories' shape: workers contending for a few locks. */
    static final int LOCK_WORKERS = 8;
    static final int LOCK_LOCKS = 4;

    @Spec
    private picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--corpus", paramLabel = "DIR",
            description = "The corpus folder with EXPECTED.tsv (default: the copy under checker/src/test/resources).")
    private Path corpus;

    @Option(names = "--runs", defaultValue = "3", description = "Checks per file; the median counts (default: ${DEFAULT-VALUE}).")
    private int runs;

    @Option(names = "--warmup", defaultValue = "10",
            description = "Unmeasured passes over the corpus before measuring, so the JIT has compiled the search "
                    + "(Go's benchmarks likewise run each case many times; default: ${DEFAULT-VALUE}).")
    private int warmup;

    @Option(names = "--lock-sizes", split = ",", paramLabel = "N",
            defaultValue = "10000,100000,1000000",
            description = "Sizes (events) of the generated lock histories (default: ${DEFAULT-VALUE}).")
    private List<Integer> lockSizes;

    @Option(names = "--skip-corpus", description = "Only the lock histories.")
    private boolean skipCorpus;

    @Option(names = "--skip-lock", description = "Only the corpus.")
    private boolean skipLock;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (runs < 1) {
            spec.commandLine().getErr().println("lockchaos bench: --runs must be at least 1");
            return Main.EXIT_USAGE;
        }
        CheckOptions options = CheckOptions.defaults();
        int mismatches = 0;
        if (!skipCorpus) {
            Path dir = corpus != null ? corpus : defaultCorpus();
            if (!Files.isRegularFile(dir.resolve("EXPECTED.tsv"))) {
                spec.commandLine().getErr().println("lockchaos bench: " + dir.resolve("EXPECTED.tsv")
                        + " not found; give the corpus folder with --corpus DIR");
                return Main.EXIT_USAGE;
            }
            mismatches = corpus(dir, options, out);
        }
        if (!skipLock) {
            lock(options, out);
        }
        out.flush();
        return mismatches == 0 ? 0 : 1;
    }

    private static Path defaultCorpus() {
        String home = System.getenv().getOrDefault("LOCKCHAOS_HOME", ".");
        return Path.of(home, "checker", "src", "test", "resources", "corpus");
    }

    private record Entry(String file, String family, History history, Validity expected) {
    }

    private int corpus(Path dir, CheckOptions options, PrintWriter out) {
        long parseStart = System.nanoTime();
        List<Entry> entries = readExpected(dir);
        double parseSeconds = (System.nanoTime() - parseStart) / 1e9;
        out.printf(Locale.ROOT, "corpus %s: %d files parsed in %.3f s (first read, includes the EDN reader's start-up)%n",
                dir, entries.size(), parseSeconds);
        for (int pass = 0; pass < warmup; pass++) {
            for (Entry e : entries) {
                check(e, options); // warm-up: JIT
            }
        }
        int mismatches = 0;
        for (String family : List.of("etcd", "kv")) {
            double total = 0;
            int files = 0;
            for (Entry e : entries) {
                if (!e.family().equals(family)) {
                    continue;
                }
                double[] times = new double[runs];
                Validity verdict = null;
                for (int r = 0; r < runs; r++) {
                    long start = System.nanoTime();
                    verdict = check(e, options);
                    times[r] = (System.nanoTime() - start) / 1e9;
                }
                total += median(times);
                files++;
                if (e.expected() != null && verdict != e.expected()) {
                    mismatches++;
                    out.printf("MISMATCH %s: expected %s, got %s%n", e.file(), e.expected(), verdict);
                }
            }
            out.printf(Locale.ROOT, "corpus %-4s %3d files: %.3f s (sum of per-file medians of %d checks, after %d warm-up passes)%n",
                    family, files, total, runs, warmup);
        }
        out.printf("corpus verdicts: %s%n", mismatches == 0 ? "all as EXPECTED.tsv says" : mismatches + " differ");
        return mismatches;
    }

    private static Validity check(Entry e, CheckOptions options) {
        Model<?, ?> model = Models.byName(e.family().equals("etcd") ? "cas-register-strict" : "kv");
        return Linearizability.check(e.history(), model, options).valid();
    }

    private static List<Entry> readExpected(Path dir) {
        try {
            List<String> lines = Files.readAllLines(dir.resolve("EXPECTED.tsv"));
            List<Entry> entries = new ArrayList<>();
            for (String line : lines.subList(1, lines.size())) {
                String[] cols = line.split("\t");
                if (cols.length < 5) {
                    continue;
                }
                Validity expected = switch (cols[4]) {
                    case "true" -> Validity.VALID;
                    case "false" -> Validity.INVALID;
                    default -> null;
                };
                entries.add(new Entry(cols[0], cols[1], HistoryFormats.read(dir.resolve(cols[0])), expected));
            }
            return entries;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dir.resolve("EXPECTED.tsv"), e);
        }
    }

    private void lock(CheckOptions options, PrintWriter out) {
        List<Checker> checks = new LockChecks().checks();
        for (int size : lockSizes) {
            long genStart = System.nanoTime();
            History history = LockHistories.valid(1L, size, LOCK_WORKERS, LOCK_LOCKS);
            double genSeconds = (System.nanoTime() - genStart) / 1e9;
            for (Checker c : checks) {
                c.check(history, options); // warm-up
            }
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                    "lock history %,d events, %d workers, %d locks (generated in %.2f s):",
                    history.size(), LOCK_WORKERS, LOCK_LOCKS, genSeconds));
            double total = 0;
            for (Checker c : checks) {
                double[] times = new double[runs];
                Validity verdict = null;
                for (int r = 0; r < runs; r++) {
                    long start = System.nanoTime();
                    CheckResult result = c.check(history, options);
                    times[r] = (System.nanoTime() - start) / 1e9;
                    verdict = result.valid();
                }
                double m = median(times);
                total += m;
                line.append(String.format(Locale.ROOT, " %s %.3f s (%s)", c.name(), m,
                        verdict.word()));
            }
            line.append(String.format(Locale.ROOT, "; all four %.3f s (medians of %d)", total, runs));
            out.println(line);
            out.flush();
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
