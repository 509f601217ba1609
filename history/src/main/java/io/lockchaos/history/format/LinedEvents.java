package io.lockchaos.history.format;

import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Events as a reader finds them, each with the 1-based line it started on. */
public final class LinedEvents {

    private final List<Op> events = new ArrayList<>();
    private int[] lines = new int[64];

    public void add(Op op, int line) {
        if (events.size() == lines.length) {
            lines = Arrays.copyOf(lines, lines.length * 2);
        }
        lines[events.size()] = line;
        events.add(op);
    }

    /** How many events so far. */
    public int size() {
        return events.size();
    }

    /** The history, with pairing errors reported at the line of the event at fault. */
    public History toHistory(String source) {
        return History.of(source, events, Arrays.copyOf(lines, events.size()));
    }
}
