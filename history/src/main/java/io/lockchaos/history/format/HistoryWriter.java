package io.lockchaos.history.format;

import io.lockchaos.history.Op;

/**
 * Writes a history one event at a time. Each event is one line, flushed as it is written,
 * so a run killed mid-way leaves every line written so far. Closing is idempotent; writing
 * after close is an error.
 */
public interface HistoryWriter extends AutoCloseable {

    /** Appends one event as one line, and flushes it. */
    void write(Op op);

    /** Appends events in order. */
    default void writeAll(Iterable<Op> ops) {
        for (Op op : ops) {
            write(op);
        }
    }

    @Override
    void close();
}
