package io.lockchaos.checker.history.format;

import io.lockchaos.history.format.SourceLine;
import io.lockchaos.history.format.OpFields;
import io.lockchaos.history.format.LinedEvents;
import io.lockchaos.history.format.HistoryReader;
import clojure.lang.Keyword;
import clojure.lang.LineNumberingPushbackReader;
import io.lockchaos.history.History;
import io.lockchaos.history.Value;
import java.io.IOException;
import java.io.Reader;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads Jepsen's {@code history.edn} with Clojure's own EDN reader: one op map per line, or
 * one vector (or list) of op maps that may span many lines. Maps may be tagged records
 * ({@code #jepsen.history.Op{...}}). This is the reference: {@link EdnHistoryReader} reads
 * the common case without Clojure and comes here for anything it cannot read exactly.
 */
final class ClojureEdnHistoryReader implements HistoryReader {

    static final String EXPECTED = OpFields.EDN.example()
            + ", one per line, or a vector (or list) of them";

    /** How much of a form an error message shows: about one line. */
    private static final int SHOWN = 120;

    @Override
    public History read(String source, Reader reader) {
        LineNumberingPushbackReader in = new LineNumberingPushbackReader(reader);
        LinedEvents events = new LinedEvents();
        try {
            int c = skipBlank(in);
            if (c == '[' || c == '(') {
                int opened = in.getLineNumber();
                String what = c == '[' ? "vector" : "list";
                readVector(in, source, opened, c == '[' ? ']' : ')', events);
                c = skipBlank(in);
                if (c != -1) {
                    throw new SourceLine(source, in.getLineNumber()).error("unexpected '"
                            + (char) c + "' after the " + what + " of ops that opened on line "
                            + opened + "; expected the end of the file");
                }
            } else if (c != -1) {
                in.unread(c);
                readForms(in, source, events);
            }
        } catch (IOException e) {
            throw new SourceLine(source, in.getLineNumber()).ioError(e);
        } catch (StackOverflowError e) {
            throw new SourceLine(source, in.getLineNumber()).error(ClojureEdn.TOO_DEEP);
        }
        return events.toHistory(source);
    }

    private static void readForms(LineNumberingPushbackReader in, String source, LinedEvents events)
            throws IOException {
        while (true) {
            int line = in.getLineNumber();
            Object form = ClojureEdn.read(in, source, EXPECTED);
            if (form == ClojureEdn.EOF) {
                return;
            }
            addOp(form, new SourceLine(source, line), events);
            int c = skipBlank(in);
            if (c == -1) {
                return;
            }
            in.unread(c);
        }
    }

    private static void readVector(LineNumberingPushbackReader in, String source, int opened,
                                   char close, LinedEvents events) throws IOException {
        while (true) {
            int c = skipBlank(in);
            if (c == -1) {
                throw new SourceLine(source, opened).error("end of file inside the "
                        + (close == ']' ? "vector" : "list") + " of ops that opened on line "
                        + opened + "; expected '" + close + "' to close it");
            }
            if (c == close) {
                return;
            }
            in.unread(c);
            int line = in.getLineNumber();
            addOp(ClojureEdn.read(in, source, EXPECTED), new SourceLine(source, line), events);
        }
    }

    private static void addOp(Object form, SourceLine at, LinedEvents events) {
        if (!(form instanceof Map<?, ?> map)) {
            throw at.error("found " + describe(form) + "; expected " + EXPECTED);
        }
        Map<String, Value> fields = new LinkedHashMap<>();
        map.forEach((k, v) -> fields.put(fieldName(k, at), ClojureEdn.toValue(v, at)));
        events.add(OpFields.EDN.toOp(fields, at, events.size()), at.line());
    }

    private static String fieldName(Object key, SourceLine at) {
        if (key instanceof Keyword k) {
            return k.toString().substring(1);
        }
        if (key instanceof String s) {
            return s;
        }
        throw at.error("op map key " + key + " is not a keyword; expected keys such as :type,"
                + " :process, :f, :value");
    }

    private static String describe(Object form) {
        if (form == ClojureEdn.EOF) {
            return "nothing";
        }
        if (form == null) {
            return "nil";
        }
        String text = String.valueOf(form);
        String shown = text.length() <= SHOWN ? text : text.substring(0, SHOWN) + "... (" + text.length() + " chars)";
        return "'" + shown + "' (" + form.getClass().getSimpleName() + ")";
    }

    /** Skips whitespace, commas, a byte-order mark and ; comments; returns the next character, consumed, or -1. */
    static int skipBlank(LineNumberingPushbackReader in) throws IOException {
        while (true) {
            int c = in.read();
            if (c == ';') {
                while (c != -1 && c != '\n') {
                    c = in.read();
                }
            }
            if (c == -1 || !(Character.isWhitespace(c) || c == ',' || c == HistoryReader.BYTE_ORDER_MARK)) {
                return c;
            }
        }
    }
}
