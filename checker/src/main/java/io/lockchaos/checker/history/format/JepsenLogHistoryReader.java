package io.lockchaos.checker.history.format;

import io.lockchaos.history.format.SourceLine;
import io.lockchaos.history.format.LinedEvents;
import io.lockchaos.history.format.HistoryReader;
import io.lockchaos.history.History;
import io.lockchaos.history.HistoryFormatException;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.Map;

/**
 * Reads the ops a Jepsen test logged through {@code jepsen.util}:
 * {@code INFO  jepsen.util - <process>\t<type>\t<f>\t<value>}. Fields are split on any
 * whitespace; the value is the rest of the line, read as EDN; anything after the value
 * (Jepsen's {@code log-op} appends the error there) is the op's {@code :error}. Lines without
 * the {@code jepsen.util - } marker are other log output and are skipped. The log has no
 * times: every op gets {@link Op#NO_TIME}.
 */
public final class JepsenLogHistoryReader implements HistoryReader {

    /** What marks an op line. */
    static final String MARKER = "jepsen.util - ";

    private static final String EXPECTED = "'" + MARKER + "<process> <type> <f> <value>', e.g. '"
            + MARKER + "0\t:invoke\t:read\tnil'";

    @Override
    public History read(String source, Reader reader) {
        BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        LinedEvents events = new LinedEvents();
        int lineNumber = 0;
        String firstOther = null;
        int ops = 0;
        try {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNumber++;
                int at = line.indexOf(MARKER);
                if (at >= 0) {
                    events.add(parse(line.substring(at + MARKER.length()),
                            new SourceLine(source, lineNumber)), lineNumber);
                    ops++;
                } else if (firstOther == null && !line.isBlank()) {
                    firstOther = line;
                }
            }
        } catch (IOException e) {
            throw new SourceLine(source, lineNumber + 1).ioError(e);
        }
        if (ops == 0 && firstOther != null) {
            throw new SourceLine(source, 0).error("no line holds '" + MARKER + "', so this is not"
                    + " a Jepsen log of ops; expected lines such as " + EXPECTED);
        }
        return events.toHistory(source);
    }

    private static Op parse(String fields, SourceLine at) {
        Fields f = new Fields(fields);
        String process = f.next();
        String type = f.next();
        String function = f.next();
        String valueText = f.rest();
        if (valueText.isEmpty()) {
            throw at.error("expected 4 fields " + EXPECTED + ", found '" + fields.strip() + "'");
        }
        OpType opType = OpType.fromKeyword(type);
        if (opType == null) {
            throw at.error("unknown type '" + type + "'; expected :invoke, :ok, :fail or :info");
        }
        StringBuilder rest = new StringBuilder();
        Value value = EdnScanner.readValue(valueText, at, rest);
        Value error = error(rest.toString().strip(), at);
        String name = function.startsWith(":") ? function.substring(1) : function;
        return new Op(0, Op.NO_TIME, opType, process(process, at), name, value, error, Map.of());
    }

    private static Process process(String text, SourceLine at) {
        if (text.startsWith(":") && text.length() > 1) {
            return Process.named(text.substring(1));
        }
        try {
            int id = Integer.parseInt(text);
            if (id >= 0) {
                return Process.client(id);
            }
        } catch (NumberFormatException e) {
            // reported below, with what was expected
        }
        throw at.error("bad process '" + text + "'; expected a non-negative integer or a keyword"
                + " such as :nemesis");
    }

    /** The error after the value: EDN when it reads as one value, else the raw text. */
    private static Value error(String text, SourceLine at) {
        if (text.isEmpty()) {
            return Value.NIL;
        }
        try {
            StringBuilder rest = new StringBuilder();
            Value v = EdnScanner.readValue(text, at, rest);
            return rest.toString().isBlank() ? v : Value.of(text);
        } catch (HistoryFormatException notEdn) {
            // Jepsen appends the error with str, not pr-str: plain text is a valid error.
            return Value.of(text);
        }
    }

    /** Splits "a b c rest of line" on whitespace, keeping the rest whole. */
    private static final class Fields {
        private final String text;
        private int pos;

        Fields(String text) {
            this.text = text;
        }

        String next() {
            skipSpace();
            int start = pos;
            while (pos < text.length() && !Character.isWhitespace(text.charAt(pos))) {
                pos++;
            }
            return text.substring(start, pos);
        }

        String rest() {
            skipSpace();
            return text.substring(pos).strip();
        }

        private void skipSpace() {
            while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
                pos++;
            }
        }
    }
}
