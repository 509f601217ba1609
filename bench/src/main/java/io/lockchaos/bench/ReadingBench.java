package io.lockchaos.bench;

import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.history.History;
import io.lockchaos.testkit.lock.LockHistories;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * {@code bench --reading}: how fast history files are read, and whether the rate holds as they
 * grow. Generated lock histories of each size are written as EDN and as JSON lines; then every
 * file is read {@code runs} times, round by round (each round reads every size in both formats,
 * so a change in the machine's load touches them alike), after one unmeasured read of each (the
 * JIT). It prints each file's median time and rate (events/s) and each rate over the smallest
 * size's rate in the same format: 1.0 is linear reading, below 1 is slower per event as the
 * history grows. Only the read is timed (the file into a paired {@link History}); no check runs.
 *
 * <p>Each timed read starts on a collected heap (an untimed {@link System#gc()} before it), as a
 * check's read does in a new JVM: otherwise the histories read before it, garbage by then, fill
 * the old generation and a full collection of them lands inside some later read. Beside each
 * rate it prints what the read cost the reading thread (CPU per event) and the collector (its
 * pauses during the read, and how many): where the rate falls while the thread's cost per event
 * holds, the collector is what makes it fall.
 */
final class ReadingBench {

    private static final List<String> FORMATS = List.of("edn", "jsonl");

    private record File(String format, int events, Path path, long bytes) {
    }

    private final PrintWriter out;
    private final int runs;

    ReadingBench(PrintWriter out, int runs) {
        this.out = out;
        this.runs = runs;
    }

    /** Writes the histories under {@code work}, reads them round by round and prints the figures. */
    void run(Path work, List<Integer> sizes) {
        List<File> files = write(work, sizes);
        out.printf("reading: %d files, %d timed reads of each, round by round; load before: %s%n", files.size(), runs,
                ColdBench.load());
        out.flush();
        for (File f : files) {
            HistoryFormats.read(f.path()); // unmeasured: loads and compiles the reader
        }
        Sample[][] samples = new Sample[files.size()][runs];
        for (int r = 0; r < runs; r++) {
            for (int i = 0; i < files.size(); i++) {
                samples[i][r] = timedRead(files.get(i));
            }
        }
        print(files, samples);
        out.printf("reading: load after: %s%n", ColdBench.load());
        out.flush();
    }

    /** One timed read: wall and reading-thread CPU seconds, and the collector's pauses in between. */
    private record Sample(double seconds, double cpuSeconds, double gcMillis, double collections) {
    }

    private static Sample timedRead(File file) {
        System.gc(); // untimed: the reads before this one leave no garbage for it to collect
        ThreadMXBean thread = ManagementFactory.getThreadMXBean();
        long cpu = thread.getCurrentThreadCpuTime();
        long[] gc = collections();
        long start = System.nanoTime();
        int events = HistoryFormats.read(file.path()).size();
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (thread.getCurrentThreadCpuTime() - cpu) / 1e9;
        long[] gcAfter = collections();
        if (events != file.events()) {
            throw new IllegalStateException(file.path() + " read back as " + events + " events, not " + file.events());
        }
        return new Sample(seconds, cpuSeconds, gcAfter[1] - gc[1], gcAfter[0] - gc[0]);
    }

    /** The collections so far and their total time in milliseconds, over every collector. */
    private static long[] collections() {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
            millis += Math.max(0, gc.getCollectionTime());
        }
        return new long[] {count, millis};
    }

    private void print(List<File> files, Sample[][] samples) {
        for (String format : FORMATS) {
            double smallest = Double.NaN;
            for (int i = 0; i < files.size(); i++) {
                File f = files.get(i);
                if (!f.format().equals(format)) {
                    continue;
                }
                double[] sorted = Arrays.stream(samples[i]).mapToDouble(Sample::seconds).sorted().toArray();
                double median = BenchCommand.median(sorted);
                double rate = f.events() / median;
                if (Double.isNaN(smallest)) {
                    smallest = rate;
                }
                out.printf(Locale.ROOT, "reading %-5s %,11d events %,13d bytes: median %8.3f s (min %.3f, max %.3f)"
                                + "  %,11.0f events/s  %5.2f of the smallest's rate; reading thread %,6.0f ns/event,"
                                + " collector %,6.0f ms in %.0f collections (medians)%n", format, f.events(), f.bytes(),
                        median, sorted[0], sorted[sorted.length - 1], rate, rate / smallest,
                        median(samples[i], Sample::cpuSeconds) * 1e9 / f.events(),
                        median(samples[i], Sample::gcMillis), median(samples[i], Sample::collections));
            }
        }
    }

    private static double median(Sample[] samples, ToDoubleFunction<Sample> field) {
        return BenchCommand.median(Arrays.stream(samples).mapToDouble(field).toArray());
    }

    /** One valid lock history per size (8 workers, 4 locks), each written in both formats, smallest first. */
    private static List<File> write(Path work, List<Integer> sizes) {
        List<File> files = new ArrayList<>();
        for (int size : sizes.stream().sorted().distinct().toList()) {
            History history = LockHistories.valid(1L, size, BenchCommand.LOCK_WORKERS, BenchCommand.LOCK_LOCKS);
            for (String format : FORMATS) {
                Path path = work.resolve("history-" + size + "." + format);
                HistoryFormats.write(path, history);
                try {
                    files.add(new File(format, history.size(), path, Files.size(path)));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read the size of " + path, e);
                }
            }
        }
        return files;
    }
}
