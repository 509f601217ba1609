package io.lockchaos.checker.linear;

import io.lockchaos.history.History;
import io.lockchaos.history.Value;
import io.lockchaos.checker.history.format.HistoryFormats;
import java.nio.file.Path;
import java.util.Random;

/**
 * Histories that make a linearizability search explode, for the memory and time-limit tests
 * and for measuring {@code ./lockchaos check} (run {@link #main} to write them as EDN).
 */
final class AdversarialHistories {

    private AdversarialHistories() {
    }

    /**
     * 10 processes on a cas register of 50 values, 30% of completions crashed ({@code :info},
     * some taking effect long after the crash): linearizable by construction. With 1000
     * operations the crashed writes and cas pile up, and with 50 values few of them are
     * interchangeable (with 5 values any order decides it in well under a second): the lazy
     * search order alone was still unknown after 5 million configurations, Porcupine's order
     * decides it in seconds.
     */
    static History crashedCompletions(long seed, int operations) {
        return new RandomHistories(new Random(seed), 10, 50, true, 0.3).generate(operations);
    }

    /**
     * {@code writers} concurrent writes of distinct values that all crash, while a reader sees
     * 1, then 2, then 1 again: not linearizable (the write of 1 took effect once), but proving
     * it means ruling out every subset of the other crashed writes.
     */
    static History concurrentCrashedWrites(int writers) {
        Histories h = new Histories();
        for (int p = 0; p < writers; p++) {
            h.invoke(p, "write", Value.of(p));
        }
        for (int p = 0; p < writers; p++) {
            h.info(p, "write", Value.kw("timed-out"));
        }
        int reader = writers;
        for (int v : new int[] {1, 2, 1}) {
            h.invoke(reader, "read", Value.NIL).ok(reader, "read", Value.of(v));
        }
        return h.build();
    }

    /**
     * Writes both shapes to the folder given, as EDN and as JSON lines (for other checkers,
     * such as a Porcupine driver): crashed-completions-N and concurrent-crashed-writes-50.
     */
    public static void main(String[] args) {
        Path dir = Path.of(args.length > 0 ? args[0] : ".");
        for (String format : new String[] {".edn", ".jsonl"}) {
            for (int n : new int[] {200, 400, 1000}) {
                HistoryFormats.write(dir.resolve("crashed-completions-" + n + format), crashedCompletions(7, n));
            }
            HistoryFormats.write(dir.resolve("concurrent-crashed-writes-50" + format), concurrentCrashedWrites(50));
        }
    }
}
