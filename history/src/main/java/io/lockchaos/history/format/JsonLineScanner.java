package io.lockchaos.history.format;

import io.lockchaos.history.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The first pass over one JSON line: the plain subset lockchaos writes (an object of fields
 * whose values are null, booleans, decimal integers, strings without escapes, arrays and
 * objects), read straight from the line's characters without a parser object per line.
 * Strings, keywords, integers and flat objects seen a moment ago are returned as the same
 * value (values are immutable), so a long history holds one {@code {"lock": "job-2"}}, not
 * thousands. Anything outside the subset (an escape, a fraction or exponent, a duplicate key,
 * a {@code "#set"} or {@code "#map"} object, deep nesting, a malformed or torn line) answers
 * null, and the line is read by Jackson as before, which reads it or words the error. The
 * differential test holds the two to the same values.
 */
final class JsonLineScanner {

    /** Deeper than this, Jackson reads the line (and enforces its own depth limit). */
    private static final int MAX_DEPTH = 32;
    private static final int SLOTS = 1 << 12;
    private static final int LONGEST = 160;

    private String line;
    private int pos;
    private final String[] texts = new String[SLOTS];
    private final Value[] values = new Value[SLOTS];
    private final Value.Int[] integers = new Value.Int[SLOTS];

    /** The op object's fields, in order; null when Jackson must read the line. */
    Map<String, Value> fields(String text) {
        line = text;
        pos = 0;
        if (skipBlank() != '{') {
            return null;
        }
        pos++;
        Map<String, Value> fields = object(1);
        if (fields == null || skipBlank() != -1) {
            return null;
        }
        return fields;
    }

    private int peek() {
        return pos < line.length() ? line.charAt(pos) : -1;
    }

    /** JSON's whitespace; the next character, not consumed. */
    private int skipBlank() {
        int c = peek();
        while (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            pos++;
            c = peek();
        }
        return c;
    }

    /** The members after '{' up to and past '}'; null outside the subset. */
    private Map<String, Value> object(int depth) {
        Map<String, Value> fields = new LinkedHashMap<>();
        if (skipBlank() == '}') {
            pos++;
            return fields;
        }
        while (true) {
            if (skipBlank() != '"') {
                return null;
            }
            pos++;
            String name = string();
            if (name == null || name.startsWith("#") || skipBlank() != ':') {
                return null;
            }
            pos++;
            Value v = value(depth);
            if (v == null || fields.put(name, v) != null) {
                return null;
            }
            int c = skipBlank();
            pos++;
            if (c == '}') {
                return fields;
            }
            if (c != ',') {
                return null;
            }
        }
    }

    /** One value; null outside the subset. */
    private Value value(int depth) {
        int c = skipBlank();
        if (c == '"') {
            pos++;
            String text = string();
            return text == null ? null : stringValue(text);
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            return integer();
        }
        if (depth >= MAX_DEPTH) {
            return null;
        }
        if (c == '{') {
            return nested(depth);
        }
        if (c == '[') {
            pos++;
            return array(depth + 1);
        }
        return literal();
    }

    private Value literal() {
        if (line.startsWith("null", pos)) {
            pos += 4;
            return Value.NIL;
        }
        if (line.startsWith("true", pos)) {
            pos += 4;
            return new Value.Bool(true);
        }
        if (line.startsWith("false", pos)) {
            pos += 5;
            return new Value.Bool(false);
        }
        return null;
    }

    /** An object value: one seen a moment ago, by its text, when it holds no object, array or escape. */
    private Value nested(int depth) {
        int from = pos;
        int close = flatEnd();
        int slot = close < 0 || close + 1 - from > LONGEST ? -1 : slot(from, close + 1);
        if (slot >= 0 && texts[slot] != null && texts[slot].length() == close + 1 - from
                && line.startsWith(texts[slot], from) && values[slot] instanceof Value.Dict known) {
            pos = close + 1;
            return known;
        }
        pos++;
        Map<String, Value> fields = object(depth + 1);
        if (fields == null) {
            return null;
        }
        Map<Value, Value> entries = new LinkedHashMap<>();
        fields.forEach((name, v) -> entries.put(new Value.Kw(name), v));
        Value dict = new Value.Dict(entries);
        if (slot >= 0) {
            texts[slot] = line.substring(from, close + 1);
            values[slot] = dict;
        }
        return dict;
    }

    /** Where the object opening at {@code pos} closes, when it holds no object, array or escape; else -1. */
    private int flatEnd() {
        for (int i = pos + 1; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '}') {
                return i;
            }
            if (c == '"') {
                for (i++; i < line.length() && line.charAt(i) != '"'; i++) {
                    if (line.charAt(i) == '\\') {
                        return -1;
                    }
                }
            } else if (c == '{' || c == '[' || c == '\\') {
                return -1;
            }
        }
        return -1;
    }

    private Value array(int depth) {
        List<Value> items = new ArrayList<>();
        if (skipBlank() == ']') {
            pos++;
            return new Value.Vec(items);
        }
        while (true) {
            Value v = value(depth);
            if (v == null) {
                return null;
            }
            items.add(v);
            int c = skipBlank();
            pos++;
            if (c == ']') {
                return new Value.Vec(items);
            }
            if (c != ',') {
                return null;
            }
        }
    }

    /** The characters after '"' up to and past the closing '"'; null for an escape, a control character or no end. */
    private String string() {
        int from = pos;
        for (int i = from; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                pos = i + 1;
                return line.substring(from, i);
            }
            if (c == '\\' || c < 0x20) {
                return null;
            }
        }
        return null;
    }

    /** A JSON string's value, as {@link JsonValues} reads it: {@code ":a"} a keyword, {@code "::a"} the string ":a". */
    private Value stringValue(String text) {
        if (text.length() > LONGEST) {
            return make(text);
        }
        int slot = slot(text);
        if (text.equals(texts[slot]) && !(values[slot] instanceof Value.Dict)) {
            return values[slot];
        }
        Value v = make(text);
        texts[slot] = text;
        values[slot] = v;
        return v;
    }

    private static Value make(String text) {
        if (text.startsWith("::")) {
            return new Value.Str(text.substring(1));
        }
        return text.startsWith(":") ? new Value.Kw(text.substring(1)) : new Value.Str(text);
    }

    /** A decimal integer of at most 18 digits, without leading zeros; null for anything else (Jackson decides). */
    private Value integer() {
        boolean negative = line.charAt(pos) == '-';
        int from = negative ? pos + 1 : pos;
        int i = from;
        long value = 0;
        while (i < line.length() && line.charAt(i) >= '0' && line.charAt(i) <= '9') {
            value = value * 10 + (line.charAt(i) - '0');
            i++;
        }
        int digits = i - from;
        if (digits == 0 || digits > 18 || (digits > 1 && line.charAt(from) == '0')) {
            return null;
        }
        if (i < line.length() && (line.charAt(i) == '.' || line.charAt(i) == 'e' || line.charAt(i) == 'E')) {
            return null;
        }
        pos = i;
        long v = negative ? -value : value;
        int slot = (int) (v ^ (v >>> 32)) & (SLOTS - 1);
        Value.Int known = integers[slot];
        if (known == null || known.value() != v) {
            known = new Value.Int(v);
            integers[slot] = known;
        }
        return known;
    }

    private int slot(int from, int to) {
        int hash = 0;
        for (int i = from; i < to; i++) {
            hash = 31 * hash + line.charAt(i);
        }
        return (hash ^ (hash >>> 13)) & (SLOTS - 1);
    }

    private static int slot(String text) {
        int hash = text.hashCode();
        return (hash ^ (hash >>> 13)) & (SLOTS - 1);
    }
}
