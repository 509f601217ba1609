package io.lockchaos.history.format;

import io.lockchaos.history.Op;
import java.io.Writer;
import java.nio.file.Path;

/**
 * Writes Jepsen-style {@code history.edn}: one op map per line,
 * {@code {:index 0, :time 12, :type :invoke, :process 0, :f :read, :value nil}}, then
 * {@code :error} when there is one and the op's extra fields. Names that EDN cannot spell as
 * keywords ({@code f}, a named process, an extra field) are written as strings, which
 * the checker's EDN reader ({@code io.lockchaos.checker.history.format.EdnHistoryReader}) reads back the same.
 */
public final class EdnHistoryWriter implements HistoryWriter {

    private final LineSink sink;

    /** Writes to {@code out}; {@code target} names it in messages. */
    public EdnHistoryWriter(Writer out, String target) {
        this.sink = new LineSink(out, target);
    }

    private EdnHistoryWriter(LineSink sink) {
        this.sink = sink;
    }

    /** Creates (or truncates) {@code file}. */
    public static EdnHistoryWriter open(Path file) {
        return new EdnHistoryWriter(LineSink.create(file));
    }

    /** One op as its line of EDN, without the newline. */
    public static String toEdn(Op op) {
        return EdnPrinter.op(op, "event " + op.index());
    }

    @Override
    public void write(Op op) {
        sink.writeLine(EdnPrinter.op(op, sink.target() + ", event " + op.index()));
    }

    @Override
    public void close() {
        sink.close();
    }
}
