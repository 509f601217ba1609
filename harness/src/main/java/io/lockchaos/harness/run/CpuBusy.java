package io.lockchaos.harness.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * How busy this machine's CPUs were over the last few seconds, from the kernel's counters
 * ({@code /proc/stat}'s first line: time spent busy and idle, summed over the cores), as a share
 * from 0 (idle) to 1 (every core busy). The load average is not used: it counts runnable threads
 * (a run's worker JVMs have dozens that wake briefly) and lags by a minute, so one run on two
 * cores shows a load of 3–7 while the cores are 25–80 % busy.
 *
 * <p>Each call reads the counters and compares them with the reading about {@code window} ago
 * (the oldest kept that is at least that old, else the oldest there is). Until a reading is a
 * second old there is nothing to compare, and the machine counts as fully busy.
 */
public final class CpuBusy {

    /** One reading: when, and the busy and total jiffies so far. */
    private record Reading(long nanos, long busy, long total) {
    }

    private final Supplier<Optional<long[]>> counters;
    private final LongSupplier nanos;
    private final Duration window;
    private final Deque<Reading> readings = new ArrayDeque<>();

    /**
     * @param counters busy and total jiffies so far ({@link #procStat()}); empty when unreadable
     * @param nanos a monotonic clock
     * @param window how far back a share is measured
     */
    public CpuBusy(Supplier<Optional<long[]>> counters, LongSupplier nanos, Duration window) {
        this.counters = counters;
        this.nanos = nanos;
        this.window = window;
    }

    /** The share of the last {@code window} the CPUs were busy; 1 until there is a second to measure, or no counters. */
    public synchronized double share() {
        Optional<long[]> now = counters.get();
        if (now.isEmpty()) {
            return 1;
        }
        Reading current = new Reading(nanos.getAsLong(), now.get()[0], now.get()[1]);
        // Keep the newest reading at least a window old, and every one after it.
        while (readings.size() > 1) {
            Reading second = readings.stream().skip(1).findFirst().orElseThrow();
            if (current.nanos() - second.nanos() < window.toNanos()) {
                break;
            }
            readings.removeFirst();
        }
        Reading oldest = readings.peekFirst();
        readings.addLast(current);
        if (oldest == null || current.nanos() - oldest.nanos() < Duration.ofSeconds(1).toNanos()
                || current.total() <= oldest.total()) {
            return 1;
        }
        return (double) (current.busy() - oldest.busy()) / (current.total() - oldest.total());
    }

    /**
     * This machine's counters: {@code /proc/stat}'s {@code cpu} line, busy being every column but
     * idle and iowait; empty where there is no such file (not Linux).
     */
    public static Optional<long[]> procStat() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/stat"));
            if (lines.isEmpty() || !lines.get(0).startsWith("cpu ")) {
                return Optional.empty();
            }
            return parse(lines.get(0));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Busy and total jiffies of a {@code cpu  user nice system idle iowait irq softirq steal ...} line. */
    static Optional<long[]> parse(String cpuLine) {
        String[] f = cpuLine.trim().split("\\s+");
        if (f.length < 6) {
            return Optional.empty();
        }
        long total = 0;
        long idle = 0;
        // Columns 1 to 8 (user to steal); guest time is already counted in user.
        for (int i = 1; i < Math.min(f.length, 9); i++) {
            long v = Long.parseLong(f[i]);
            total += v;
            if (i == 4 || i == 5) {
                idle += v;
            }
        }
        return Optional.of(new long[] {total - idle, total});
    }
}
