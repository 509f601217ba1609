package io.lockchaos.history.format;

import io.lockchaos.history.Op;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Prints ops and values as EDN text that Clojure's EDN reader reads back to the same data:
 * {@code {:index 0, :time 12, :type :invoke, :process 0, :f :read, :value nil}}.
 */
final class EdnPrinter {

    /** A keyword or symbol name the EDN reader reads back as itself: {@code ns/name} or {@code name}. */
    private static final String PART = "[" + Value.KEYWORD_FIRST_CHARS + "][" + Value.KEYWORD_CHARS + "]*";
    private static final Pattern KEYWORD_NAME = Pattern.compile("(?:" + PART + "/)?" + PART);

    private EdnPrinter() {
    }

    static boolean isKeywordName(String name) {
        return KEYWORD_NAME.matcher(name).matches();
    }

    /** One op as one line of EDN; {@code where} names the op in messages. */
    static String op(Op op, String where) {
        StringBuilder out = new StringBuilder(96).append("{:index ").append(op.index());
        if (op.hasTime()) {
            out.append(", :time ").append(op.time());
        }
        out.append(", :type :").append(op.type().keyword()).append(", :process ");
        if (op.process() instanceof Process.Client c) {
            out.append(c.id());
        } else {
            name(out, op.process().toString());
        }
        out.append(", :f ");
        name(out, op.f());
        out.append(", :value ");
        value(out, op.value(), where);
        if (!op.error().isNil()) {
            out.append(", :error ");
            value(out, op.error(), where);
        }
        for (Map.Entry<String, Value> e : op.extra().entrySet()) {
            if (OpFields.isOpField(e.getKey())) {
                throw new HistoryWriteException(where + ": extra field '" + e.getKey() + "' has"
                        + " the name of an op field; rename it");
            }
            out.append(", ");
            name(out, e.getKey());
            out.append(' ');
            value(out, e.getValue(), where);
        }
        return out.append('}').toString();
    }

    /** A name as a keyword when EDN can spell it so, else as a string. */
    private static void name(StringBuilder out, String name) {
        if (isKeywordName(name)) {
            out.append(':').append(name);
        } else {
            string(out, name);
        }
    }

    static void value(StringBuilder out, Value v, String where) {
        if (v instanceof Value.Str s) {
            string(out, s.value());
        } else if (v instanceof Value.Kw k) {
            if (!isKeywordName(k.name())) {
                throw new HistoryWriteException(where + ": keyword :" + k.name() + " cannot be"
                        + " written as EDN; use a string, or a keyword name of letters, digits"
                        + " and *+!-_?<>=");
            }
            out.append(':').append(k.name());
        } else if (v instanceof Value.Real r) {
            real(out, r.value());
        } else if (v instanceof Value.Vec vec) {
            out.append('[');
            items(out, vec.items(), where);
            out.append(']');
        } else if (v instanceof Value.SetV set) {
            out.append("#{");
            items(out, set.items(), where);
            out.append('}');
        } else if (v instanceof Value.Dict dict) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<Value, Value> e : dict.entries().entrySet()) {
                out.append(first ? "" : ", ");
                first = false;
                value(out, e.getKey(), where);
                out.append(' ');
                value(out, e.getValue(), where);
            }
            out.append('}');
        } else {
            out.append(v); // nil, booleans and integers print as EDN already
        }
    }

    private static void items(StringBuilder out, Iterable<Value> items, String where) {
        boolean first = true;
        for (Value item : items) {
            out.append(first ? "" : " ");
            first = false;
            value(out, item, where);
        }
    }

    private static void real(StringBuilder out, double d) {
        if (Double.isNaN(d)) {
            out.append("##NaN");
        } else if (Double.isInfinite(d)) {
            out.append(d > 0 ? "##Inf" : "##-Inf");
        } else {
            out.append(d);
        }
    }

    /** A string literal with control characters escaped, so it stays on one line. */
    private static void string(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                default:
                    if (c < 0x20 || c == 0x7f || Character.isSurrogate(c) && !pairedAt(s, i)) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }

    private static boolean pairedAt(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }
}
