package io.lockchaos.bench;

import io.lockchaos.harness.cli.Main;
import io.lockchaos.history.History;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.testkit.lock.LockAnomaly;
import io.lockchaos.testkit.lock.LockHistories;
import io.lockchaos.history.ops.Fencing;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench --cold}: whole-process timings, as a user meets the checker from the shell.
 * Each case starts a new JVM with this JVM's own options and class path (so a class-data
 * sharing archive given to this one counts for them too), {@code runs} times, interleaved
 * case by case so a change in the machine's load touches every case alike; it prints the
 * median, min and max wall time, the median CPU time (user plus system: what the command
 * costs, where wall time on a loaded machine mostly shows the load) and the load average
 * before and after. A command given with
 * {@code --compare} (Porcupine's test binary, say) is timed the same way, in the same rounds,
 * and the ratio of medians printed.
 */
final class ColdBench {

    /** One whole-process command and the exit code it must end with. */
    record Case(String name, List<String> command, int expectedExit) {
    }

    private final PrintWriter out;
    private final int runs;

    ColdBench(PrintWriter out, int runs) {
        this.out = out;
        this.runs = runs;
    }

    /** A {@code lockchaos} command line in a new JVM with this JVM's options and class path. */
    static List<String> lockchaos(List<String> extraJvmOptions, String... args) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!option.startsWith("-agentlib") && !option.startsWith("-javaagent")) {
                command.add(option);
            }
        }
        command.addAll(extraJvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(Arrays.asList(args));
        return command;
    }

    /**
     * The cases: the JVM alone, a tiny EDN and JSON lines history, the decided etcd corpus
     * files in one process, and (when {@code lockEvents > 0}) generated lock histories of
     * that size, valid and invalid, one lock and four, each run with a 2 GB heap at most.
     */
    static List<Case> standardCases(Path work, List<Path> etcdFiles, int lockEvents) {
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("java -version (the JVM alone)", lockchaosJvm("-version"), 0));
        Path tinyEdn = write(work.resolve("tiny.edn"), "{:type :invoke, :process 0, :f :read, :value nil}\n"
                + "{:type :ok, :process 0, :f :read, :value nil}\n");
        Path tinyJson = write(work.resolve("tiny.jsonl"), "{\"type\": \"invoke\", \"process\": 0, \"f\": \"read\"}\n"
                + "{\"type\": \"ok\", \"process\": 0, \"f\": \"read\", \"value\": null}\n");
        cases.add(new Case("check tiny history.edn (2 events)", lockchaos(List.of(), "check", "--model", "register",
                tinyEdn.toString()), 0));
        cases.add(new Case("check tiny history.jsonl (2 events)", lockchaos(List.of(), "check", "--model", "register",
                tinyJson.toString()), 0));
        if (!etcdFiles.isEmpty()) {
            List<String> args = new ArrayList<>(List.of("check", "--model", "cas-register"));
            etcdFiles.forEach(f -> args.add(f.toString()));
            cases.add(new Case("check " + etcdFiles.size() + " etcd corpus files, one process",
                    lockchaos(List.of(), args.toArray(String[]::new)), 1));
        }
        if (lockEvents > 0) {
            cases.addAll(lockCases(work, lockEvents));
        }
        return cases;
    }

    private record Variant(String name, History history, int exit) {
    }

    private static List<Case> lockCases(Path work, int events) {
        List<Case> cases = new ArrayList<>();
        List<String> heap = List.of("-Xmx2g");
        for (int locks : new int[] {1, 4}) {
            History invalid = LockHistories.generate(1L, events, BenchCommand.LOCK_WORKERS, locks, Fencing.FENCED,
                    LockAnomaly.EXPIRED_LEASE).history();
            for (Variant v : List.of(new Variant("valid", LockHistories.valid(1L, events, BenchCommand.LOCK_WORKERS,
                    locks), 0), new Variant("invalid", invalid, 1))) {
                Path file = work.resolve(v.name() + "-" + locks + ".edn");
                HistoryFormats.write(file, v.history());
                cases.add(new Case(String.format(Locale.ROOT, "check --workload lock, %,d events, %s, %d lock%s, EDN",
                        v.history().size(), v.name(), locks, locks == 1 ? "" : "s"),
                        lockchaos(heap, "check", "--workload", "lock", file.toString()), v.exit()));
            }
        }
        Path json = work.resolve("valid-4.jsonl");
        HistoryFormats.write(json, LockHistories.valid(1L, events, BenchCommand.LOCK_WORKERS, 4));
        cases.add(new Case("the valid 4-lock history as JSON lines",
                lockchaos(heap, "check", "--workload", "lock", json.toString()), 0));
        return cases;
    }

    /**
     * This JVM's command and options without the class path, nor the class-data archive (it is
     * the jar's: a JVM without the jar on its class path would refuse it and map none at all).
     */
    private static List<String> lockchaosJvm(String... args) {
        List<String> command = lockchaos(List.of());
        command = new ArrayList<>(command.subList(0, command.indexOf("-cp")));
        command.removeIf(option -> option.startsWith("-XX:SharedArchiveFile="));
        command.addAll(Arrays.asList(args));
        return command;
    }

    /** Runs every case (and the comparison) {@code runs} times, round by round, and prints the figures. */
    boolean run(List<Case> cases, List<String> compare) {
        List<Case> all = new ArrayList<>(cases);
        if (!compare.isEmpty()) {
            all.add(new Case("compare: " + String.join(" ", compare), compare, 0));
        }
        double[][] seconds = new double[all.size()][runs];
        double[][] cpu = new double[all.size()][runs];
        out.printf("cold: %d runs of each command, round by round; load before: %s%n", runs, load());
        out.flush();
        boolean asExpected = true;
        for (int r = 0; r < runs; r++) {
            for (int c = 0; c < all.size(); c++) {
                double cpuBefore = childrenCpuSeconds();
                long start = System.nanoTime();
                int exit = runQuietly(all.get(c).command());
                seconds[c][r] = (System.nanoTime() - start) / 1e9;
                cpu[c][r] = childrenCpuSeconds() - cpuBefore;
                if (exit != all.get(c).expectedExit()) {
                    out.printf("UNEXPECTED exit %d (expected %d) from: %s%n", exit, all.get(c).expectedExit(),
                            all.get(c).name());
                    asExpected = false;
                }
            }
        }
        for (int c = 0; c < all.size(); c++) {
            double[] s = seconds[c].clone();
            Arrays.sort(s);
            out.printf(Locale.ROOT, "cold %-62s median %6.2f s  min %6.2f s  max %6.2f s  (cpu median %6.2f s)%n",
                    all.get(c).name(), BenchCommand.median(s), s[0], s[s.length - 1], BenchCommand.median(cpu[c]));
        }
        if (!compare.isEmpty() && all.size() > 1) {
            double ours = BenchCommand.median(seconds[all.size() - 2]);
            double theirs = BenchCommand.median(seconds[all.size() - 1]);
            double oursCpu = BenchCommand.median(cpu[all.size() - 2]);
            double theirsCpu = BenchCommand.median(cpu[all.size() - 1]);
            out.printf(Locale.ROOT, "cold ratio: the comparison's median / the case before it: wall %.2f, cpu %.2f%n",
                    theirs / ours, theirsCpu / oursCpu);
        }
        out.printf("cold: load after: %s%n", load());
        out.flush();
        return asExpected;
    }

    /**
     * User plus system CPU time of this process's finished children, from /proc/self/stat
     * (cutime and cstime, in Linux's fixed 100 ticks a second); NaN where there is no /proc.
     * On a loaded machine it says what a command costs when wall time mostly says the load.
     */
    static double childrenCpuSeconds() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) / 100.0;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    private static int runQuietly(List<String> command) {
        try {
            Process p = new ProcessBuilder(command)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return p.waitFor();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command.get(0), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static Path write(Path file, String text) {
        try {
            return Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The 1, 5 and 15 minute load averages, as uptime shows them. */
    static String load() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException e) {
            return "(unknown)";
        }
    }
}
