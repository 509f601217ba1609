package io.lockchaos.history.format;

import com.fasterxml.jackson.core.JsonGenerator;
import io.lockchaos.history.Op;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Map;

/**
 * Writes JSON lines: one object per op, <code>{"index": 0, "time": 12, "type": "invoke",
 * "process": 0, "f": "read", "value": null}</code>, then {@code error} when there is one and
 * the op's extra fields. A named process is a string ({@code "nemesis"}). Values follow this
 * package's JSON convention, so {@link JsonLinesHistoryReader} reads back the same ops.
 */
public final class JsonLinesHistoryWriter implements HistoryWriter {

    private final LineSink sink;

    /** Writes to {@code out}; {@code target} names it in messages. */
    public JsonLinesHistoryWriter(Writer out, String target) {
        this.sink = new LineSink(out, target);
    }

    private JsonLinesHistoryWriter(LineSink sink) {
        this.sink = sink;
    }

    /** Creates (or truncates) {@code file}. */
    public static JsonLinesHistoryWriter open(Path file) {
        return new JsonLinesHistoryWriter(LineSink.create(file));
    }

    /** One op as its line of JSON, without the newline. */
    public static String toJson(Op op) {
        StringWriter line = new StringWriter(128);
        try (JsonGenerator out = JsonValues.FACTORY.createGenerator(line)) {
            out.writeStartObject();
            out.writeNumberField(OpFields.INDEX, op.index());
            if (op.hasTime()) {
                out.writeNumberField(OpFields.TIME, op.time());
            }
            out.writeStringField(OpFields.TYPE, op.type().keyword());
            out.writeFieldName(OpFields.PROCESS);
            if (op.process() instanceof Process.Client c) {
                out.writeNumber(c.id());
            } else {
                out.writeString(JsonValues.encodeString(op.process().toString()));
            }
            out.writeStringField(OpFields.F, JsonValues.encodeString(op.f()));
            field(out, OpFields.VALUE, op.value());
            if (!op.error().isNil()) {
                field(out, OpFields.ERROR, op.error());
            }
            for (Map.Entry<String, Value> e : op.extra().entrySet()) {
                if (OpFields.isOpField(e.getKey())) {
                    throw new HistoryWriteException("event " + op.index() + ": extra field '"
                            + e.getKey() + "' has the name of an op field; rename it");
                }
                field(out, e.getKey(), e.getValue());
            }
            out.writeEndObject();
        } catch (IOException e) {
            throw new HistoryWriteException("event " + op.index() + ": cannot write as JSON (" + e
                    + ")", e);
        }
        return line.toString();
    }

    private static void field(JsonGenerator out, String name, Value v) throws IOException {
        out.writeFieldName(name);
        JsonValues.write(out, v);
    }

    @Override
    public void write(Op op) {
        sink.writeLine(toJson(op));
    }

    @Override
    public void close() {
        sink.close();
    }
}
