package io.lockchaos.workloads.worker;

import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.history.format.HistoryWriter;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Writes a worker's events as they happen, each with {@code time} = clock − start and a
 * running index. Thread-safe. After {@link #close()} nothing more is written: an op whose
 * completion comes later stays an invocation without completion, which the checker reads as
 * indeterminate, and an invocation is refused, so that no operation starts unrecorded.
 */
public final class OpRecorder implements AutoCloseable {

    private final HistoryWriter out;
    private final long start;
    private final LongSupplier clock;
    private int index;
    private boolean closed;

    /**
     * @param start the run's start reference, on {@code clock}'s scale
     * @param clock {@code System::nanoTime} outside tests
     */
    public OpRecorder(HistoryWriter out, long start, LongSupplier clock) {
        this.out = out;
        this.start = start;
        this.clock = clock;
    }

    /**
     * Records that {@code process} starts {@code f}; call it before the operation starts.
     *
     * @throws HistoryClosedException once the recorder is closed: do not start the operation
     */
    public void invoke(Process process, String f, Value value) {
        if (!write(OpType.INVOKE, process, f, value, Value.NIL)) {
            throw new HistoryClosedException("the history is closed: process " + process + " does not start " + f);
        }
    }

    public void complete(Process process, OpType type, String f, Value value, Value error) {
        write(type, process, f, value, error);
    }

    /**
     * Records a standalone {@code :info} event of a named actor (a loss notice), from any
     * thread, stamped now; dropped once the recorder is closed.
     */
    public void note(Process.Named actor, String f, Value value) {
        write(OpType.INFO, actor, f, value, Value.NIL);
    }

    /** Writes the event unless closed; whether it did. */
    private synchronized boolean write(OpType type, Process process, String f, Value value, Value error) {
        if (closed) {
            return false;
        }
        out.write(new Op(index++, clock.getAsLong() - start, type, process, f, value, error, Map.of()));
        return true;
    }

    /** How many events were written. */
    public synchronized int written() {
        return index;
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            out.close();
        }
    }
}
