package io.lockchaos.bench;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.harness.cli.Main;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.checker.linear.Linearizability;
import io.lockchaos.checker.lock.LockChecks;
import io.lockchaos.testkit.lock.LockHistories;
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

    @Option(names = "--cold",
            description = "Whole-process timings instead: each command in a new JVM, --runs times (median, min, max).")
    private boolean cold;

    @Option(names = "--reading",
            description = "Reading rates instead: lock histories of each --lock-sizes size as EDN and as JSON lines, "
                    + "each read --runs times round by round (median events/s, and each rate over the smallest size's).")
    private boolean reading;

    @Option(names = "--cold-lock-events", paramLabel = "N", defaultValue = "1000000",
            description = "With --cold: events in the generated lock histories; 0 leaves them out (default: ${DEFAULT-VALUE}).")
    private int coldLockEvents;

    @Option(names = "--compare", paramLabel = "CMD",
            description = "With --cold: also time this command (split on spaces) in the same rounds, "
                    + "such as Porcupine's test binary over the etcd files.")
    private String compare;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (runs < 1) {
            spec.commandLine().getErr().println("lockchaos bench: --runs must be at least 1");
            return Main.EXIT_USAGE;
        }
        for (int size : lockSizes) {
            if (size < 1) {
                spec.commandLine().getErr().println("lockchaos bench: --lock-sizes must be at least 1 event each, got " + size);
                return Main.EXIT_USAGE;
            }
        }
        if (coldLockEvents < 0) {
            spec.commandLine().getErr().println("lockchaos bench: --cold-lock-events must be 0 or more, got " + coldLockEvents);
            return Main.EXIT_USAGE;
        }
        if (reading && cold) {
            spec.commandLine().getErr().println("lockchaos bench: give --reading or --cold, not both");
            return Main.EXIT_USAGE;
        }
        if (reading) {
            Path work = temporaryFolder("lockchaos-bench-reading");
            try {
                new ReadingBench(out, runs).run(work, lockSizes);
            } finally {
                deleteTree(work);
            }
            return 0;
        }
        Path dir = corpus != null ? corpus : defaultCorpus();
        if (!skipCorpus && !Files.isRegularFile(dir.resolve("EXPECTED.tsv"))) {
            spec.commandLine().getErr().println("lockchaos bench: " + dir.resolve("EXPECTED.tsv")
                    + " not found; give the corpus folder with --corpus DIR");
            return Main.EXIT_USAGE;
        }
        if (cold) {
            return cold(dir, out);
        }
        CheckOptions options = CheckOptions.defaults();
        int mismatches = 0;
        if (!skipCorpus) {
            mismatches = corpus(dir, options, out);
        }
        if (!skipLock) {
            lock(options, out);
        }
        out.flush();
        return mismatches == 0 ? 0 : 1;
    }

    private int cold(Path dir, PrintWriter out) {
        List<Path> etcd = new ArrayList<>();
        if (!skipCorpus) {
            for (Entry e : readExpected(dir, false)) {
                if (e.family().equals("etcd") && e.expected() != null) {
                    etcd.add(dir.resolve(e.file()));
                }
            }
        }
        Path work = temporaryFolder("lockchaos-bench-cold");
        try {
            List<ColdBench.Case> cases = ColdBench.standardCases(work, etcd, skipLock ? 0 : coldLockEvents);
            List<String> comparison = compare == null ? List.of() : List.of(compare.trim().split("\\s+"));
            return new ColdBench(out, runs).run(cases, comparison) ? 0 : 1;
        } finally {
            deleteTree(work);
        }
    }

    private static Path temporaryFolder(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary folder for the bench", e);
        }
    }

    private static void deleteTree(Path dir) {
        try (var files = Files.walk(dir)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + dir, e);
        }
    }

    private static Path defaultCorpus() {
        String home = System.getenv().getOrDefault("LOCKCHAOS_HOME", ".");
        return Path.of(home, "checker", "src", "test", "resources", "corpus");
    }

    private record Entry(String file, String family, History history, Validity expected) {
    }

    private int corpus(Path dir, CheckOptions options, PrintWriter out) {
        long parseStart = System.nanoTime();
        List<Entry> entries = readExpected(dir, true);
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

    /** The corpus rows; with {@code read}, each history read (else null). */
    private static List<Entry> readExpected(Path dir, boolean read) {
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
                entries.add(new Entry(cols[0], cols[1], read ? HistoryFormats.read(dir.resolve(cols[0])) : null, expected));
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

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
