package io.lockchaos.faults.nemesis;

import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.history.Value;
import io.lockchaos.faults.schedule.FaultSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;

/**
 * The clock package (libfaketime offsets). A bump moves each target's clock by the offset
 * from where it is and heals by moving it back by the offset from where it is then (so bumps of
 * one node that overlap undo in any order); a strobe flips between the old
 * offset and old + delta every period until healed; a reset sets zero at once. Every op
 * carries {@code :clocks [{:node "redis-1" :old "+0s" :new "+120s"}]}. Injects {@code clock
 * TARGETS +OFFSET|-OFFSET|strobe DELTA PERIOD|reset} on servers and on a run's workers; a
 * random schedule bumps one clock-skewable server by up to 300 s either way; the sweep sets every skewed clock back.
 */
public final class ClockFault implements FaultPackage {

    /** The band of a bump's ops: {@code start-clock}, {@code stop-clock}. */
    static final String BAND = "clock";
    /** The band of a strobe's ops: {@code start-clock-strobe}, {@code stop-clock-strobe}. */
    static final String STROBE_BAND = "clock-strobe";
    /** A reset's op, a mark rather than a band. */
    static final String RESET = "clock-reset";

    /**
     * The servers' clocks only: a worker's clock ({@code clock worker-2 +30s}) is for a script,
     * so that a random schedule drawn from a seed before workers had clocks draws the same.
     */
    @Override
    public List<String> offered(FaultTargets targets) {
        return Each.names(targets.all(ClockSkewable.class).stream().filter(n -> !(n instanceof ClientNode)).toList());
    }

    @Override
    public Optional<Sweep> sweep() {
        return Optional.of(new Sweep("clocks-reset", Stage.SETTINGS, ClockFault::sweep));
    }

    /** The final sweep's part: sets a skewed {@code node}'s clock offset back to zero; whether it was skewed. */
    private static boolean sweep(FaultNode node) {
        if (node instanceof ClockSkewable c && !c.clockOffset().isZero()) {
            c.setClockOffset(Duration.ZERO);
            return true;
        }
        return false;
    }

    static ActiveFault bump(FaultSpec.ClockBump spec, List<ClockSkewable> nodes, FaultRecorder recorder) {
        Map<ClockSkewable, Duration> old = offsets(nodes);
        Map<ClockSkewable, Duration> bumped = new LinkedHashMap<>();
        old.forEach((n, d) -> bumped.put(n, d.plus(spec.offset())));
        try {
            set(bumped);
        } catch (NemesisException e) {
            set(old);
            throw e;
        }
        recorder.record(NemesisOps.start(BAND), clocks(old, bumped));
        return new Healing(spec, () -> {
            // Back by the offset from wherever the clock is now, not to the offset it had: two
            // bumps of one node that overlap (a heal running late on a loaded machine) undo in any
            // order; putting back the old offset left the node skewed when the heals crossed.
            Map<ClockSkewable, Duration> now = offsets(nodes);
            Map<ClockSkewable, Duration> back = new LinkedHashMap<>();
            now.forEach((n, d) -> back.put(n, d.minus(spec.offset())));
            set(back);
            recorder.record(NemesisOps.stop(BAND), clocks(now, back));
        });
    }

    static ActiveFault reset(FaultSpec.ClockReset spec, List<ClockSkewable> nodes, FaultRecorder recorder) {
        Map<ClockSkewable, Duration> old = offsets(nodes);
        Map<ClockSkewable, Duration> zero = new LinkedHashMap<>();
        old.keySet().forEach(n -> zero.put(n, Duration.ZERO));
        set(zero);
        recorder.record(RESET, clocks(old, zero));
        return Healing.done(spec);
    }

    static ActiveFault strobe(FaultSpec.ClockStrobe spec, List<ClockSkewable> nodes, FaultRecorder recorder) {
        Map<ClockSkewable, Duration> old = offsets(nodes);
        Map<ClockSkewable, Duration> shifted = new LinkedHashMap<>();
        old.forEach((n, d) -> shifted.put(n, d.plus(spec.delta())));
        Strobe strobe = new Strobe(old, shifted, spec.period());
        Thread thread = new Thread(strobe, "lockchaos-clock-strobe-" + Each.names(nodes));
        thread.setDaemon(true);
        thread.start();
        Value.Dict value = clocks(old, shifted);
        recorder.record(NemesisOps.start(STROBE_BAND), withPeriod(value, spec.period()));
        return new Healing(spec, () -> {
            strobe.stopped = true;
            LockSupport.unpark(thread);
            joinQuietly(thread, spec.period().multipliedBy(2).plusSeconds(30));
            set(old);
            recorder.record(NemesisOps.stop(STROBE_BAND), clocks(shifted, old));
            if (strobe.failure != null) {
                throw new NemesisException("the clock strobe on " + Each.names(nodes) + " failed", strobe.failure);
            }
        });
    }

    /** Flips the clocks until stopped; remembers the first failure for the heal to report. */
    private static final class Strobe implements Runnable {
        private final Map<ClockSkewable, Duration> old;
        private final Map<ClockSkewable, Duration> shifted;
        private final Duration period;
        private volatile boolean stopped;
        private volatile RuntimeException failure;

        Strobe(Map<ClockSkewable, Duration> old, Map<ClockSkewable, Duration> shifted, Duration period) {
            this.old = old;
            this.shifted = shifted;
            this.period = period;
        }

        @Override
        public void run() {
            boolean high = false;
            long next = System.nanoTime();
            while (!stopped && failure == null) {
                high = !high;
                try {
                    set(high ? shifted : old);
                } catch (RuntimeException e) {
                    failure = e;
                }
                next += period.toNanos();
                while (!stopped && System.nanoTime() < next) {
                    LockSupport.parkNanos(next - System.nanoTime());
                }
            }
        }
    }

    private static void joinQuietly(Thread thread, Duration timeout) {
        try {
            thread.join(timeout.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            throw new NemesisException("the clock strobe thread " + thread.getName() + " did not stop within "
                    + timeout + "; the clocks may keep moving until the JVM exits");
        }
    }

    private static Map<ClockSkewable, Duration> offsets(List<ClockSkewable> nodes) {
        Map<ClockSkewable, Duration> offsets = new LinkedHashMap<>();
        Each.node(nodes, "read the clock offset", n -> offsets.put(n, n.clockOffset()));
        return offsets;
    }

    private static void set(Map<ClockSkewable, Duration> offsets) {
        Each.node(List.copyOf(offsets.keySet()), "set the clock offset", n -> n.setClockOffset(offsets.get(n)));
    }

    private static Value.Dict clocks(Map<ClockSkewable, Duration> from, Map<ClockSkewable, Duration> to) {
        List<Value> clocks = new ArrayList<>();
        from.forEach((n, d) -> clocks.add(Value.map("node", n.name(), "old", NemesisOps.offset(d),
                "new", NemesisOps.offset(to.get(n)))));
        return Value.map(NemesisOps.TARGETS, NemesisOps.names(Each.names(List.copyOf(from.keySet()))),
                "clocks", new Value.Vec(clocks));
    }

    private static Value.Dict withPeriod(Value.Dict value, Duration period) {
        Map<Value, Value> entries = new LinkedHashMap<>(value.entries());
        entries.put(Value.kw("period-ms"), Value.of(period.toMillis()));
        return new Value.Dict(entries);
    }
}
