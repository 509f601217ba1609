package io.lockchaos.checker.linear;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.checker.model.Model;
import io.lockchaos.checker.model.Models;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A throwaway benchmark, not a test: the corpus (files pre-parsed, JIT warm, the sum over
 * files of the median of 3 checks; wall time with the default threads and CPU time on one
 * thread) and generated long, mostly sequential register histories. Run from the
 * repository root:
 *
 * <pre>
 * mvn -B -q -o -pl checker test-compile
 * mvn -B -q -o -pl checker dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt -Dmdep.includeScope=test
 * java -cp checker/target/classes:checker/target/test-classes:$(cat /tmp/cp.txt) \
 *     io.lockchaos.checker.linear.LinearizabilityBench checker/src/test/resources/corpus [all|corpus|generated] [n]
 * </pre>
 */
public final class LinearizabilityBench {

    private LinearizabilityBench() {
    }

    public static void main(String[] args) {
        Path corpus = Path.of(args.length > 0 ? args[0] : "checker/src/test/resources/corpus");
        CheckOptions options = CheckOptions.defaults();
        String which = args.length > 1 ? args[1] : "all";
        if (!which.equals("generated")) {
            corpus(corpus, "etcd", "cas-register-strict", options);
            corpus(corpus, "kv", "kv", options);
        }
        if (which.equals("corpus")) {
            return;
        }
        int[] sizes = args.length > 2 ? new int[] {Integer.parseInt(args[2])} : new int[] {100_000, 1_000_000};
        for (int n : sizes) {
            History single = new RandomHistories(new Random(n), 5, 5, true, 0.001).generate(n);
            time("cas-register, " + n + " ops, 1 partition", single, Models.byName("cas-register"), options);
            History keyed = RandomHistories.keyed(n, 10, List.of());
            time("keyed-cas-register, " + n + " ops, 10 keys", keyed, Models.byName("keyed-cas-register"), options);
        }
    }

    private static void corpus(Path corpus, String family, String model, CheckOptions options) {
        List<History> histories = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(corpus.resolve("EXPECTED.tsv"))) {
                String[] cols = line.split("\t");
                if (cols.length > 4 && cols[1].equals(family) && !cols[4].equals("none")) {
                    histories.add(HistoryFormats.read(corpus.resolve(cols[0])));
                    expected.add(cols[4]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Model<?, ?> m = Models.byName(model);
        for (int warm = 0; warm < 5; warm++) {
            histories.forEach(h -> Linearizability.check(h, m, options));
        }
        CheckOptions oneThread = new CheckOptions(options.timeLimit(), options.maxConfigs(), 1);
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        double wall = 0;
        double cpuOneThread = 0;
        int agree = 0;
        for (int i = 0; i < histories.size(); i++) {
            double[] runs = new double[3];
            double[] cpuRuns = new double[3];
            LinearizabilityResult r = null;
            for (int k = 0; k < 3; k++) {
                long t = System.nanoTime();
                r = Linearizability.check(histories.get(i), m, options);
                runs[k] = (System.nanoTime() - t) / 1e9;
                long c = cpu.getCurrentThreadCpuTime();
                Linearizability.check(histories.get(i), m, oneThread);
                cpuRuns[k] = (cpu.getCurrentThreadCpuTime() - c) / 1e9;
            }
            Arrays.sort(runs);
            Arrays.sort(cpuRuns);
            wall += runs[1];
            cpuOneThread += cpuRuns[1];
            agree += String.valueOf(r.valid() == io.lockchaos.checker.Validity.VALID).equals(expected.get(i)) ? 1 : 0;
        }
        System.out.printf("%s corpus (%s): %d files, %d verdicts as expected, sum of medians: wall %.3f s"
                + " (%d threads), CPU %.3f s (1 thread)%n",
                family, model, histories.size(), agree, wall, options.threads(), cpuOneThread);
    }

    private static void time(String label, History history, Model<?, ?> model, CheckOptions options) {
        for (int k = 0; k < 3; k++) {
            long t = System.nanoTime();
            LinearizabilityResult r = Linearizability.check(history, model, options);
            System.out.printf("%s: %s in %.3f s (%d configurations)%n", label, r.valid(),
                    (System.nanoTime() - t) / 1e9, r.stats().configurations());
        }
    }
}
