package io.lockchaos.harness.report;

import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.history.ops.NemesisOps;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The nemesis ops of a history as bands and marks: {@code start-X} opens a band that the next
 * {@code stop-X} closes (X is {@code pause}, {@code clock}, {@code partition}, a link fault,
 * ...); {@code heal-all} closes every open band; a band still open at the end runs to the end.
 * Other nemesis events ({@code heal-all}, {@code restart}, {@code clock-reset}, a stop with no
 * open start) are marks. The chart counts from the run's start; a schedule counts from its own
 * {@code schedule-start}, which is a mark too, and every band after it says both times
 * ("pause worker-1 (schedule 3.0 s)").
 */
record FaultBands(List<Timeline.Band> bands, List<Timeline.Mark> events) {

    private record Open(String fault, String label, long start) {
    }

    static FaultBands of(History history, long end) {
        List<Open> open = new ArrayList<>();
        List<Timeline.Band> bands = new ArrayList<>();
        List<Timeline.Mark> events = new ArrayList<>();
        Optional<Long> zero = Optional.empty();
        for (Op op : history.ops()) {
            if (!op.process().equals(Process.NEMESIS)) {
                continue;
            }
            Optional<String> started = NemesisOps.started(op.f());
            if (op.f().equals(NemesisOps.SCHEDULE_START)) {
                zero = Optional.of(op.time());
                events.add(new Timeline.Mark(0, op.time(), Timeline.Mark.Kind.FAULT,
                        "the fault schedule's 0 s: its times (at 3s, ...) count from here"));
            } else if (started.isPresent()) {
                String at = zero.map(z -> String.format(java.util.Locale.ROOT, " (schedule %.1f s)", (op.time() - z) / 1e9))
                        .orElse("");
                open.add(new Open(started.get(), started.get() + targets(op.value()) + at, op.time()));
            } else if (!NemesisOps.stopped(op.f()).map(fault -> close(open, fault, op, bands)).orElse(false)) {
                if (op.f().equals(NemesisOps.HEAL_ALL)) {
                    open.forEach(o -> bands.add(new Timeline.Band(o.label(), o.start(), op.time(), NemesisOps.HEAL_ALL)));
                    open.clear();
                }
                events.add(new Timeline.Mark(0, op.time(), Timeline.Mark.Kind.FAULT, op.f() + " " + op.value()));
            }
        }
        open.forEach(o -> bands.add(new Timeline.Band(o.label(), o.start(), end, "the end of the history")));
        return new FaultBands(bands, events);
    }

    /** Closes the oldest open band of {@code fault}; false when none is open (the stop is then a mark). */
    private static boolean close(List<Open> open, String fault, Op stop, List<Timeline.Band> bands) {
        for (Iterator<Open> it = open.iterator(); it.hasNext(); ) {
            Open o = it.next();
            if (o.fault().equals(fault)) {
                it.remove();
                bands.add(new Timeline.Band(o.label(), o.start(), stop.time(), stop.f()));
                return true;
            }
        }
        return false;
    }

    /** " worker-1, worker-4" from {@code {:targets ["worker-1" "worker-4"]}}; "" without targets. */
    private static String targets(Value value) {
        return value.get(NemesisOps.TARGETS).filter(v -> v instanceof Value.Vec).map(v -> ((Value.Vec) v).items().stream()
                .map(t -> t instanceof Value.Str s ? s.value() : t.toString()).collect(Collectors.joining(", ", " ", "")))
                .orElse("");
    }
}
