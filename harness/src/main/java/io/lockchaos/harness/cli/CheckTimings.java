package io.lockchaos.harness.cli;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.history.History;
import java.io.PrintWriter;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code check --timings}: where a check's time goes, on standard error, one line a file and
 * one for the process: the JVM's start-up until the command ran, reading (which includes
 * pairing), each check (they run side by side, so their times overlap), the heap the history
 * holds, and the collector's pauses. Marks, not a profiler: cheap enough to leave on, and the
 * same figures a user can compare across runs.
 */
final class CheckTimings {

    private final PrintWriter err;
    private final StringBuilder line = new StringBuilder();
    private double[] checkSeconds = new double[0];
    private List<String> checkNames = List.of();

    CheckTimings(PrintWriter err) {
        this.err = err;
        err.printf(Locale.ROOT, "lockchaos check: timings: JVM start to command %.2f s%n", sinceStart());
    }

    /** Starts a file's line with its reading time and size, and the heap in use after it. */
    void read(String file, double seconds, History history) {
        Runtime runtime = Runtime.getRuntime();
        line.setLength(0);
        line.append(String.format(Locale.ROOT, "lockchaos check: timings: %s: read %.2f s (%,d events, %,d MB heap in use)",
                file, seconds, history.size(), (runtime.totalMemory() - runtime.freeMemory()) >> 20));
    }

    /** The checks, each timed into the file's line (in their order, though they run side by side). */
    List<Checker> timed(List<Checker> checks) {
        checkSeconds = new double[checks.size()];
        List<Checker> timed = new ArrayList<>();
        for (int i = 0; i < checks.size(); i++) {
            timed.add(new Timed(checks.get(i), checkSeconds, i));
        }
        checkNames = checks.stream().map(Checker::name).toList();
        return timed;
    }

    /** Prints the file's line, once its checks have ended. */
    void fileDone() {
        for (int i = 0; i < checkNames.size(); i++) {
            line.append(String.format(Locale.ROOT, ", %s %.2f s", checkNames.get(i), checkSeconds[i]));
        }
        err.println(line);
        err.flush();
    }

    /** Prints the process's total and its collector pauses. */
    void done() {
        long gcMillis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcMillis += Math.max(0, gc.getCollectionTime());
        }
        err.printf(Locale.ROOT, "lockchaos check: timings: %.2f s since the JVM started, %.2f s of it in garbage"
                + " collection%n", sinceStart(), gcMillis / 1e3);
        err.flush();
    }

    private static double sinceStart() {
        return ManagementFactory.getRuntimeMXBean().getUptime() / 1e3;
    }

    /** A check that notes its time in slot {@code slot} of {@code seconds} (seen by the reader once the check has ended). */
    private record Timed(Checker check, double[] seconds, int slot) implements Checker {
        @Override
        public String name() {
            return check.name();
        }

        @Override
        public CheckResult check(History history, CheckOptions options) {
            long start = System.nanoTime();
            try {
                return check.check(history, options);
            } finally {
                seconds[slot] = (System.nanoTime() - start) / 1e9;
            }
        }
    }
}
