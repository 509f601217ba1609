package io.lockchaos.harness.cli;

import java.time.Duration;
import java.util.List;

/**
 * The matrix's estimate of the time left: each run still to come lasts its scenario's duration
 * plus the overhead the runs so far took beyond theirs on average (cluster and worker start, heal,
 * checks, report), or {@link #FIRST_OVERHEAD} before any run has ended.
 */
final class Eta {

    /** A run's overhead beyond its scenario's duration before one was measured (a redis-single run, loaded machine). */
    static final Duration FIRST_OVERHEAD = Duration.ofSeconds(25);

    private final List<Duration> durations;
    private final int runs;
    private Duration overhead = Duration.ZERO;
    private int measured;

    /** {@code durations}: each scenario's, in the order run; {@code runs}: runs of each. */
    Eta(List<Duration> durations, int runs) {
        this.durations = List.copyOf(durations);
        this.runs = runs;
    }

    /** Records that a run of scenario {@code index} took {@code wall}. */
    void ran(int index, Duration wall) {
        overhead = overhead.plus(wall.minus(durations.get(index)));
        measured++;
    }

    /** What is left, from run {@code run} (1-based) of scenario {@code index} on, in words. */
    String left(int index, int run) {
        Duration each = measured == 0 ? FIRST_OVERHEAD : overhead.dividedBy(measured);
        each = each.isNegative() ? Duration.ZERO : each;
        Duration left = Duration.ZERO;
        for (int i = index; i < durations.size(); i++) {
            int count = i == index ? runs - run + 1 : runs;
            left = left.plus(durations.get(i).plus(each).multipliedBy(count));
        }
        long s = left.toSeconds();
        return "about " + (s >= 60 ? s / 60 + " min " + s % 60 + " s" : s + " s") + " left"
                + (measured == 0 ? " (a guess until a run has ended)" : "");
    }
}
