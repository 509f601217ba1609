package io.lockchaos.harness.run;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How long the machine kept the harness from running while a run's workload ran: a thread that
 * sleeps {@link #TICK} over and over and keeps the worst oversleep (as jHiccup measures a JVM's
 * hiccups). The harness, its workers and the cluster share the same cores, so a long stall here
 * means every process of the run may have stood still as long: the timing a verdict rests on
 * (a pause against a TTL, a replication window) no longer holds. {@code results.json} records it
 * as {@code worstStallMs}; {@code matrix --parallel} voids a run whose stall passed its slack.
 */
final class Stalls implements AutoCloseable {

    /** How long each sleep asks for. */
    static final Duration TICK = Duration.ofMillis(20);

    private final AtomicLong worstNanos = new AtomicLong();
    private final Thread thread;

    private Stalls() {
        thread = new Thread(this::watch, "lockchaos-stalls");
        thread.setDaemon(true);
    }

    /** Starts watching. */
    static Stalls start() {
        Stalls s = new Stalls();
        s.thread.start();
        return s;
    }

    private void watch() {
        long tick = TICK.toNanos();
        while (!Thread.currentThread().isInterrupted()) {
            long before = System.nanoTime();
            try {
                Thread.sleep(TICK.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            long over = System.nanoTime() - before - tick;
            worstNanos.accumulateAndGet(over, Math::max);
        }
    }

    /** The worst oversleep so far, in milliseconds. */
    double worstMs() {
        return Math.round(worstNanos.get() / 1e5) / 10.0;
    }

    @Override
    public void close() {
        thread.interrupt();
    }
}
