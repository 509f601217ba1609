package io.lockchaos.faults.nemesis;

import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.history.format.HistoryWriter;
import io.lockchaos.history.format.JsonLinesHistoryWriter;
import java.nio.file.Path;
import java.util.function.LongSupplier;

/**
 * Records nemesis operations into a history: each becomes
 * {@code {:type :info :process :nemesis :f ... :value ... :time t}} with {@code t} from the
 * run's clock (nanoseconds since the run started) and indexes from 0 in recording order
 * (the run merges them with the workers' operations). Closing closes the writer.
 */
public final class HistoryFaultRecorder implements FaultRecorder, AutoCloseable {

    private final HistoryWriter writer;
    private final LongSupplier runNanos;
    private int next;

    public HistoryFaultRecorder(HistoryWriter writer, LongSupplier runNanos) {
        this.writer = writer;
        this.runNanos = runNanos;
    }

    /** Records as JSON lines into {@code file} (created or truncated), timed from now. */
    public static HistoryFaultRecorder jsonLines(Path file) {
        long start = System.nanoTime();
        return new HistoryFaultRecorder(JsonLinesHistoryWriter.open(file), () -> System.nanoTime() - start);
    }

    @Override
    public synchronized void record(String f, Value.Dict value) {
        writer.write(new Op(next++, runNanos.getAsLong(), OpType.INFO, Process.NEMESIS, f, value));
    }

    @Override
    public void close() {
        writer.close();
    }
}
