package io.lockchaos.harness.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The matrix's estimate of the time left: each run not yet started lasts its scenario's duration
 * plus the overhead the runs so far took beyond theirs on average (cluster and worker start, heal,
 * checks, report), or {@link #FIRST_OVERHEAD} before any run has ended. Side by side, in any order,
 * that sum is scaled by the pace so far: the matrix's wall against the run time it held (the walls
 * of the runs that ended and the time so far of those under way), {@code 1 / slots} until a run
 * has ended.
 */
final class Eta {

    /** A run's overhead beyond its scenario's duration before one was measured (a redis-single run, loaded machine). */
    static final Duration FIRST_OVERHEAD = Duration.ofSeconds(25);

    private final List<Duration> durations;
    private final int runs;
    private final int slots;
    private final LongSupplier nanoTime;
    private final int[] started;
    private final List<Long> underWay = new ArrayList<>();
    private Duration overhead = Duration.ZERO;
    private long endedNanos;
    private int measured;
    private long firstStart = -1;

    /** One run after another: {@code durations}, each scenario's; {@code runs}: runs of each. */
    Eta(List<Duration> durations, int runs) {
        this(durations, runs, 1, System::nanoTime);
    }

    /** Up to {@code slots} runs side by side, timed by {@code nanoTime}. */
    Eta(List<Duration> durations, int runs, int slots, LongSupplier nanoTime) {
        this.durations = List.copyOf(durations);
        this.runs = runs;
        this.slots = slots;
        this.nanoTime = nanoTime;
        this.started = new int[durations.size()];
    }

    /**
     * A run of scenario {@code index} starts: what is left from it on (it included), in words.
     *
     * @return the words, and the token to give {@link #ran} when it ends
     */
    Start start(int index) {
        long now = nanoTime.getAsLong();
        if (firstStart < 0) {
            firstStart = now;
        }
        String left = left(now);
        started[index]++;
        underWay.add(now);
        return new Start(left, now);
    }

    /** What {@link #start} said, and when the run started. */
    record Start(String left, long token) {
    }

    /** Records that the run of scenario {@code index} started at {@code token} has ended. */
    void ran(int index, long token) {
        long now = nanoTime.getAsLong();
        Duration wall = Duration.ofNanos(now - token);
        overhead = overhead.plus(wall.minus(durations.get(index)));
        measured++;
        endedNanos += now - token;
        underWay.remove(Long.valueOf(token));
    }

    private String left(long now) {
        Duration each = measured == 0 ? FIRST_OVERHEAD : overhead.dividedBy(measured);
        each = each.isNegative() ? Duration.ZERO : each;
        Duration left = Duration.ZERO;
        for (int i = 0; i < durations.size(); i++) {
            left = left.plus(durations.get(i).plus(each).multipliedBy(runs - started[i]));
        }
        long s = Math.round(left.toSeconds() * pace(now));
        return "about " + (s >= 60 ? s / 60 + " min " + s % 60 + " s" : s + " s") + " left"
                + (measured == 0 ? " (a guess until a run has ended)" : "");
    }

    /** The matrix's wall per second of run time so far: 1 one after another. */
    private double pace(long now) {
        if (slots == 1) {
            return 1;
        }
        if (measured == 0) {
            return 1.0 / slots;
        }
        long held = endedNanos;
        for (long t : underWay) {
            held += now - t;
        }
        return held <= 0 ? 1.0 / slots : Math.min(1, Math.max(1.0 / slots, (double) (now - firstStart) / held));
    }
}
