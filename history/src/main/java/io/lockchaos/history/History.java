package io.lockchaos.history;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * A history: events in the order they happened, and the operations they form when each
 * invocation is paired with its process's next completion. Pairing is validated once, here:
 * a completion without an outstanding invocation, or a second invocation while one is
 * outstanding, is an error naming the event. Events are re-indexed 0..n-1 in order.
 */
public final class History {

    private final String source;
    private final List<Op> ops;
    private final List<Operation> operations;
    private final List<String> notes;
    private final OptionalInt tornLine;

    private History(String source, List<Op> ops, List<Operation> operations, List<String> notes,
                    OptionalInt tornLine) {
        this.source = source;
        this.ops = ops;
        this.operations = operations;
        this.notes = notes;
        this.tornLine = tornLine;
    }

    /** Builds a history from events in order; {@code source} names them in error messages. */
    public static History of(String source, List<Op> events) {
        return of(source, events, null);
    }

    /**
     * Builds a history from events read from a file: {@code lines[i]} is the 1-based line
     * event {@code i} came from, so a pairing error is reported as {@code source:LINE: ...}.
     * {@code lines} may be null when the events have no lines.
     */
    public static History of(String source, List<Op> events, int[] lines) {
        if (lines != null && lines.length != events.size()) {
            throw new IllegalArgumentException("lines has " + lines.length + " entries for "
                    + events.size() + " events; give one line per event");
        }
        List<Op> indexed = new ArrayList<>(events.size());
        for (int i = 0; i < events.size(); i++) {
            Op op = events.get(i);
            indexed.add(op.index() == i ? op : op.withIndex(i));
        }
        return new History(source, Collections.unmodifiableList(indexed), pair(source, indexed, lines), List.of(),
                OptionalInt.empty());
    }

    public static History of(List<Op> events) {
        return of("history", events);
    }

    private static List<Operation> pair(String source, List<Op> ops, int[] lines) {
        List<Op> invocations = new ArrayList<>();
        Map<Process, Integer> outstanding = new HashMap<>();
        List<Op> completions = new ArrayList<>(); // by invocation, null while none
        for (Op op : ops) {
            Integer open = outstanding.get(op.process());
            if (op.isInvoke()) {
                if (open != null) {
                    Op previous = invocations.get(open);
                    throw new HistoryFormatException(source, lineOf(lines, op), "event " + op.index()
                            + " (" + op + "): process " + op.process() + " invoked again while event "
                            + previous.index() + where(lines, previous) + " was still outstanding;"
                            + " a process has at most one operation outstanding, so complete the"
                            + " first one or use a new process number");
                }
                outstanding.put(op.process(), invocations.size());
                invocations.add(op);
                completions.add(null);
            } else if (open != null) {
                completions.set(open, op);
                outstanding.remove(op.process());
            } else if (op.type() == OpType.INFO || op.process() instanceof Process.Named) {
                // A standalone event, such as a nemesis action: an operation of its own.
                invocations.add(op);
                completions.add(op);
            } else {
                throw new HistoryFormatException(source, lineOf(lines, op), "event " + op.index()
                        + " (" + op + "): a :" + op.type().keyword() + " completion for process "
                        + op.process() + " with no outstanding invocation; expected an earlier"
                        + " :invoke by the same process");
            }
        }
        List<Operation> result = new ArrayList<>(invocations.size());
        for (int i = 0; i < invocations.size(); i++) {
            result.add(new Operation(i, invocations.get(i), completions.get(i)));
        }
        return Collections.unmodifiableList(result);
    }

    private static int lineOf(int[] lines, Op op) {
        return lines == null ? 0 : lines[op.index()];
    }

    private static String where(int[] lines, Op op) {
        return lines == null ? "" : " (line " + lines[op.index()] + ")";
    }

    /**
     * This history with what its reader noticed and did not refuse, each a sentence that
     * names the source and line (such as a torn last line of a killed run's history).
     */
    public History withNotes(List<String> readerNotes) {
        return new History(source, ops, operations, List.copyOf(readerNotes), tornLine);
    }

    /**
     * This history read from a file whose line {@code line} (1-based) was torn (cut short, as
     * a killed writer leaves its last line) and left out, with the reader's sentence saying so.
     * What came after the cut is not known, so no check can call such a history valid.
     */
    public History tornAt(int line, String note) {
        if (line < 1) {
            throw new IllegalArgumentException("a torn line is numbered from 1, got " + line);
        }
        List<String> all = new ArrayList<>(notes);
        all.add(note);
        return new History(source, ops, operations, List.copyOf(all), OptionalInt.of(line));
    }

    /** The 1-based number of the torn line the reader left out ({@link #tornAt}); empty for a whole history. */
    public OptionalInt tornLine() {
        return tornLine;
    }

    /** What the reader noticed and did not refuse; empty for most histories. */
    public List<String> notes() {
        return notes;
    }

    /** Where the history came from (a file name), for messages. */
    public String source() {
        return source;
    }

    /** Every event, in order. */
    public List<Op> ops() {
        return ops;
    }

    /** Invocations paired with completions, in invocation order. */
    public List<Operation> operations() {
        return operations;
    }

    /** Operations of client processes only (no nemesis, no final read). */
    public List<Operation> clientOperations() {
        List<Operation> result = new ArrayList<>();
        for (Operation op : operations) {
            if (op.process() instanceof Process.Client) {
                result.add(op);
            }
        }
        return result;
    }

    public int size() {
        return ops.size();
    }

    @Override
    public String toString() {
        return "History[" + source + ", " + ops.size() + " events]";
    }
}
