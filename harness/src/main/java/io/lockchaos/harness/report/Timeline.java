package io.lockchaos.harness.report;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.checker.lock.LockChecks;
import io.lockchaos.history.History;
import io.lockchaos.history.ops.Reentrancy;
import io.lockchaos.history.Op;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.checker.lock.Hold;
import io.lockchaos.checker.lock.HoldsCheck;
import io.lockchaos.checker.lock.UnsafeWindow;
import io.lockchaos.checker.lock.UnsafeWindows;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the report's chart draws, in ns since the run's start: rows, hold bars, marks and
 * fault bands. {@link #of} derives it from the history; the evidence only colours it.
 *
 * @param rows the rows, top to bottom ({@link Layout#rows()})
 * @param bars every hold, one per acquire that completed {@code :ok}
 * @param marks failed and indeterminate appends, moments evidence names, final reads, and nemesis
 *              events that are not a fault's start or end
 * @param bands every fault from its start to its end
 * @param windows every overtaken hold's unsafe windows as one frame, on the holder's row
 * @param start the first event's time (workers start some seconds into the run)
 * @param end the last event's time
 */
public record Timeline(List<Layout.Row> rows, List<Bar> bars, List<Mark> marks, List<Band> bands,
                       List<Window> windows, long start, long end) {

    public Timeline {
        rows = List.copyOf(rows);
        bars = List.copyOf(bars);
        marks = List.copyOf(marks);
        bands = List.copyOf(bands);
        windows = List.copyOf(windows);
    }

    /**
     * The timeline of {@code history}, with the holds and moments {@code checks}' evidence names
     * marked and {@code unsafe}'s windows drawn on their holders' rows.
     */
    public static Timeline of(History history, Layout layout, List<Verdict> checks, UnsafeWindows unsafe) {
        return of(history, layout, checks, unsafe, Reentrancy.NONE);
    }

    /** The same, of a lock that is reentrant or not: a reentrant lock's hold is one bar from its first grant to its last release. */
    public static Timeline of(History history, Layout layout, List<Verdict> checks, UnsafeWindows unsafe,
                              Reentrancy reentrancy) {
        long start = history.ops().stream().filter(Op::hasTime).mapToLong(Op::time).min().orElse(0);
        long end = history.ops().stream().filter(Op::hasTime).mapToLong(Op::time).max().orElse(0);
        Set<Highlight> highlights = new HashSet<>();
        checks.forEach(c -> c.findings().forEach(f -> highlights.addAll(f.highlights())));
        List<Bar> bars = new ArrayList<>();
        for (Hold h : HoldsCheck.holds(history, reentrancy)) {
            int process = ((Process.Client) h.process()).id();
            boolean named = highlights.contains(new Highlight.HoldAt(process, h.lock(), h.start()));
            bars.add(new Bar(layout.rowOf(h.process()), process, h.lock(), h.token(), h.start(), h.end(), h.released(),
                    named));
        }
        List<Mark> marks = new ArrayList<>();
        for (Operation op : history.operations()) {
            if (op.process() instanceof Process.Client) {
                appendMark(op, layout).ifPresent(marks::add);
            } else if (op.process().equals(Process.FINAL)) {
                marks.add(finalRead(op, layout));
            } else if (LockOps.isLossNotice(op.invocation())) {
                lossNotice(op.invocation(), layout).ifPresent(marks::add);
            }
        }
        for (Highlight h : highlights) {
            if (h instanceof Highlight.PointAt p) {
                marks.add(new Mark(layout.rowOf(new Process.Client(p.process())), p.time(), Mark.Kind.ANOMALY,
                        "process " + p.process() + ": " + p.what()));
            }
        }
        FaultBands faults = FaultBands.of(history, end);
        marks.addAll(faults.events());
        List<Window> windows = frames(unsafe, layout);
        return new Timeline(layout.rows(), bars, marks, faults.bands(), windows, start, end);
    }

    /**
     * One frame per overtaken hold: from its first successor's grant to its end (a later
     * successor's window lies inside), with every window's sentence.
     */
    private static List<Window> frames(UnsafeWindows unsafe, Layout layout) {
        java.util.Map<List<Object>, Window> frames = new java.util.LinkedHashMap<>();
        for (UnsafeWindow w : unsafe.windows()) {
            String text = unsafe.sentence(w, layout::nameOf);
            frames.merge(List.of(w.lock(), w.holder(), w.holderGranted()),
                    new Window(layout.rowOf(w.holder()), w.granted(), w.end(), text),
                    (a, b) -> new Window(a.row(), Math.min(a.start(), b.start()), a.end(), a.text() + " " + b.text()));
        }
        return List.copyOf(frames.values());
    }

    /** A loss notice on its holder's row. */
    private static java.util.Optional<Mark> lossNotice(Op notice, Layout layout) {
        return notice.value().getLong(LockOps.Field.PROCESS.text()).map(holder -> {
            Process p = Process.client(Math.toIntExact(holder));
            return new Mark(layout.rowOf(p), notice.time(), Mark.Kind.LOSS_NOTICE, layout.nameOf(p) + " was told it lost "
                    + LockOps.lockOrKey(notice.value()).orElse("its lock") + " ("
                    + LockOps.Field.REASON.string(notice.value()).orElse("no reason given") + ")");
        });
    }

    private static java.util.Optional<Mark> appendMark(Operation op, Layout layout) {
        if (!op.f().equals(LockOps.APPEND) || op.isOk()) {
            return java.util.Optional.empty();
        }
        Op last = op.completed().orElse(op.invocation());
        boolean stale = LockChecks.isStaleToken(last.error());
        Mark.Kind kind = stale ? Mark.Kind.STALE_TOKEN : op.isFail() ? Mark.Kind.FAILED : Mark.Kind.INDETERMINATE;
        String text = "process " + op.process() + " append " + LockOps.Field.ID.string(op.input()).orElse("")
                + " to " + LockOps.Field.KEY.string(op.input()).orElse("?") + " (" + op.input().getLong("token")
                .map(t -> "token " + t).orElse("no token") + "): " + (op.isFail() ? "fail" : "info")
                + (last.error().isNil() ? "" : " " + last.error());
        return java.util.Optional.of(new Mark(layout.rowOf(op.process()), last.time(), kind, text));
    }

    private static Mark finalRead(Operation op, Layout layout) {
        Op last = op.completed().orElse(op.invocation());
        String entries = LockOps.Field.ENTRIES.in(last.value()).filter(v -> v instanceof Value.Vec)
                .map(v -> ((Value.Vec) v).items().size() + " entries").orElse(op.isOk() ? "no entries" : "no answer");
        return new Mark(layout.rowOf(op.process()), last.time(), Mark.Kind.FINAL_READ, op.f() + " "
                + LockOps.Field.KEY.string(op.input()).orElse("?") + ": " + op.type().keyword() + ", " + entries);
    }

    /**
     * A hold as a bar.
     *
     * @param row its row
     * @param process the client process that held it (a retired one shares its worker's row)
     * @param lock the lock
     * @param token the grant's token; null without one
     * @param start ns, the acquire's {@code :ok}
     * @param end ns, the release's invocation, or the end
     * @param released whether it ended with a release
     * @param anomalous whether evidence names it (overlapping holds, a token that did not increase)
     */
    public record Bar(int row, int process, String lock, Long token, long start, long end, boolean released,
                      boolean anomalous) {

        /** The bar's label: {@code unfenced-job-0 #4294967306}. */
        public String label() {
            return lock + (token == null ? "" : " #" + token);
        }
    }

    /**
     * A point on a row.
     *
     * @param row its row
     * @param time ns
     * @param kind what it marks
     * @param text its tooltip
     */
    public record Mark(int row, long time, Kind kind, String text) {

        /** What a mark marks. */
        public enum Kind {
            /** An append a fenced store refused as {@code :stale-token}. */
            STALE_TOKEN,
            /** An append that failed otherwise. */
            FAILED,
            /** An append whose outcome is unknown ({@code :info}). */
            INDETERMINATE,
            /** A moment evidence names, such as a lost update. */
            ANOMALY,
            /** A final read of a ledger. */
            FINAL_READ,
            /** A nemesis event that is no fault's start or end ({@code heal-all}, {@code restart}). */
            FAULT,
            /** A library told a holder that its grant was lost ({@code :f :lost}). */
            LOSS_NOTICE
        }
    }

    /**
     * An unsafe window, drawn on its earlier holder's row.
     *
     * @param row the holder's row
     * @param start ns, the successor's grant
     * @param end ns, the holder's release invocation or last event
     * @param text the window in words
     */
    public record Window(int row, long start, long end, String text) {
    }

    /**
     * A fault in force, shaded across every row.
     *
     * @param label the fault and its targets, e.g. {@code pause worker-1, worker-4}
     * @param start ns, its {@code start-*} op
     * @param end ns, its {@code stop-*} op, the {@code heal-all} that ended it, or the end of the history
     * @param endedBy the op that ended it ({@code stop-pause}, {@code heal-all}), or "the end of the history"
     */
    public record Band(String label, long start, long end, String endedBy) {
    }
}
