package io.lockchaos.harness.cli;

import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.history.History;
import io.lockchaos.testkit.lock.LockHistories;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench --reading}: how fast history files are read, and whether the rate holds as they
 * grow. Generated lock histories of each size are written as EDN and as JSON lines; then every
 * file is read {@code runs} times, round by round (each round reads every size in both formats,
 * so a change in the machine's load touches them alike), after one unmeasured read of each (the
 * JIT). It prints each file's median time and rate (events/s) and each rate over the smallest
 * size's rate in the same format: 1.0 is linear reading, below 1 is slower per event as the
 * history grows. Only the read is timed (the file into a paired {@link History}); no check runs.
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
        double[][] seconds = new double[files.size()][runs];
        for (int r = 0; r < runs; r++) {
            for (int i = 0; i < files.size(); i++) {
                long start = System.nanoTime();
                History history = HistoryFormats.read(files.get(i).path());
                seconds[i][r] = (System.nanoTime() - start) / 1e9;
                if (history.size() != files.get(i).events()) {
                    throw new IllegalStateException(files.get(i).path() + " read back as " + history.size()
                            + " events, not " + files.get(i).events());
                }
            }
        }
        print(files, seconds);
        out.printf("reading: load after: %s%n", ColdBench.load());
        out.flush();
    }

    private void print(List<File> files, double[][] seconds) {
        for (String format : FORMATS) {
            double smallest = Double.NaN;
            for (int i = 0; i < files.size(); i++) {
                File f = files.get(i);
                if (!f.format().equals(format)) {
                    continue;
                }
                double median = BenchCommand.median(seconds[i]);
                double rate = f.events() / median;
                if (Double.isNaN(smallest)) {
                    smallest = rate;
                }
                double[] sorted = seconds[i].clone();
                java.util.Arrays.sort(sorted);
                out.printf(Locale.ROOT, "reading %-5s %,11d events %,13d bytes: median %8.3f s (min %.3f, max %.3f)"
                                + "  %,11.0f events/s  %5.2f of the smallest's rate%n", format, f.events(), f.bytes(),
                        median, sorted[0], sorted[sorted.length - 1], rate, rate / smallest);
            }
        }
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
