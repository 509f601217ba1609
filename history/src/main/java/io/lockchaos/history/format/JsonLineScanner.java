package io.lockchaos.history.format;

import io.lockchaos.history.Value;
import java.util.ArrayList;
import java.util.List;

/**
 * The first pass over one JSON line: the plain subset lockchaos writes (an object of fields
 * whose values are null, booleans, decimal integers, strings without escapes, arrays and
 * objects), read straight from the line's characters into an {@link OpBuilder}, without a
 * parser or a map of fields per line. Keys, strings, keywords, integers and flat objects seen
 * a moment ago are returned as the same value (values are immutable), so a long history holds
 * one {@code {"lock": "job-2"}} and one {@code :lock}, not thousands; an op's {@code "time"}
 * stays a {@code long}. Anything outside the subset (an escape, a fraction or exponent, a
 * duplicate key, a {@code "#set"} or {@code "#map"} object, deep nesting, a malformed or torn
 * line) answers false, and the line is read by Jackson as before, which reads it or words the
 * error. The differential test holds the two to the same ops.
 */
final class JsonLineScanner {

    /** Deeper than this, Jackson reads the line (and enforces its own depth limit). */
    private static final int MAX_DEPTH = 32;
    private static final int SLOTS = 1 << 12;
    private static final int LONGEST = 160;

    /** The line being read: a {@link TextLines} buffer, read in place (no string a line). */
    private CharSequence line;
    private int pos;
    private final String[] texts = new String[SLOTS];
    private final Value[] values = new Value[SLOTS];
    private final Value.Int[] integers = new Value.Int[SLOTS];
    private final Value.Kw[] keys = new Value.Kw[SLOTS];
    /** The integer {@link #number()} read last. */
    private long number;

    /**
     * Reads the op object on {@code text} into {@code op}; false, with {@code op} cleared, when
     * Jackson must read the line.
     */
    boolean read(CharSequence text, OpBuilder op) {
        line = text;
        pos = 0;
        if (skipBlank() != '{') {
            return false;
        }
        pos++;
        if (!members(op) || skipBlank() != -1) {
            op.clear();
            return false;
        }
        return true;
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

    /** The op's members after '{' up to and past '}', put into {@code op}; false outside the subset. */
    private boolean members(OpBuilder op) {
        if (skipBlank() == '}') {
            pos++;
            return true;
        }
        while (true) {
            Value.Kw key = key();
            if (key == null) {
                return false;
            }
            String name = key.name();
            int c = skipBlank();
            boolean put;
            if (name.equals(OpFields.TIME) && (c == '-' || (c >= '0' && c <= '9'))) {
                put = number() && op.putTime(number);
            } else {
                Value v = value(1);
                put = v != null && op.put(name, v);
            }
            if (!put) {
                return false;
            }
            c = skipBlank();
            pos++;
            if (c == '}') {
                return true;
            }
            if (c != ',') {
                return false;
            }
        }
    }

    /** An object value's members after '{' up to and past '}'; null outside the subset. */
    private Value.Dict dict(int depth) {
        List<Value> pairs = new ArrayList<>(8);
        if (skipBlank() == '}') {
            pos++;
            return Value.Dict.ofPairs(pairs);
        }
        while (true) {
            Value.Kw key = key();
            if (key == null) {
                return null;
            }
            Value v = value(depth);
            if (v == null) {
                return null;
            }
            pairs.add(key);
            pairs.add(v);
            int c = skipBlank();
            pos++;
            if (c == '}') {
                return Value.Dict.ofPairs(pairs); // null for a repeated key
            }
            if (c != ',') {
                return null;
            }
        }
    }

    /**
     * A member's name and the ':' after it, as the keyword of that name (one seen a moment ago
     * when it can be); null outside the subset (an escape, or a name starting with '#', which
     * is one of this package's tags).
     */
    private Value.Kw key() {
        if (skipBlank() != '"') {
            return null;
        }
        int from = pos + 1;
        int to = stringEnd(from);
        if (to < 0 || (to > from && line.charAt(from) == '#')) {
            return null;
        }
        pos = to + 1;
        if (skipBlank() != ':') {
            return null;
        }
        pos++;
        if (to - from > LONGEST) {
            return new Value.Kw(text(from, to));
        }
        int slot = slot(from, to);
        Value.Kw known = keys[slot];
        if (known != null && known.name().length() == to - from && startsWith(known.name(), from)) {
            return known;
        }
        known = new Value.Kw(text(from, to));
        keys[slot] = known;
        return known;
    }

    /** One value; null outside the subset. */
    private Value value(int depth) {
        int c = skipBlank();
        if (c == '"') {
            int from = pos + 1;
            int to = stringEnd(from);
            if (to < 0) {
                return null;
            }
            pos = to + 1;
            return stringValue(from, to);
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
        if (startsWith("null", pos)) {
            pos += 4;
            return Value.NIL;
        }
        if (startsWith("true", pos)) {
            pos += 4;
            return new Value.Bool(true);
        }
        if (startsWith("false", pos)) {
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
                && startsWith(texts[slot], from) && values[slot] instanceof Value.Dict known) {
            pos = close + 1;
            return known;
        }
        pos++;
        Value.Dict dict = dict(depth + 1);
        if (dict == null) {
            return null;
        }
        if (slot >= 0) {
            texts[slot] = text(from, close + 1);
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

    /** Where the string whose characters start at {@code from} closes; -1 for an escape, a control character or no end. */
    private int stringEnd(int from) {
        for (int i = from; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                return i;
            }
            if (c == '\\' || c < 0x20) {
                return -1;
            }
        }
        return -1;
    }

    /**
     * The value of the JSON string of the characters from {@code from} to {@code to}, as
     * {@link JsonValues} reads it: {@code ":a"} a keyword, {@code "::a"} the string ":a".
     */
    private Value stringValue(int from, int to) {
        if (to - from > LONGEST) {
            return make(text(from, to));
        }
        int slot = slot(from, to);
        String known = texts[slot];
        if (known != null && known.length() == to - from && startsWith(known, from)
                && !(values[slot] instanceof Value.Dict)) {
            return values[slot];
        }
        String text = text(from, to);
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
        if (!number()) {
            return null;
        }
        long v = number;
        int slot = (int) (v ^ (v >>> 32)) & (SLOTS - 1);
        Value.Int known = integers[slot];
        if (known == null || known.value() != v) {
            known = new Value.Int(v);
            integers[slot] = known;
        }
        return known;
    }

    /** Reads a decimal integer of at most 18 digits, without leading zeros, into {@link #number}; false for anything else. */
    private boolean number() {
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
            return false;
        }
        if (i < line.length() && (line.charAt(i) == '.' || line.charAt(i) == 'e' || line.charAt(i) == 'E')) {
            return false;
        }
        pos = i;
        number = negative ? -value : value;
        return true;
    }

    /** The characters of the line from {@code from} to {@code to}, as a string. */
    private String text(int from, int to) {
        return line.subSequence(from, to).toString();
    }

    /** Whether the line holds {@code prefix} at {@code from}. */
    private boolean startsWith(String prefix, int from) {
        if (from + prefix.length() > line.length()) {
            return false;
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (line.charAt(from + i) != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private int slot(int from, int to) {
        int hash = 0;
        for (int i = from; i < to; i++) {
            hash = 31 * hash + line.charAt(i);
        }
        return (hash ^ (hash >>> 13)) & (SLOTS - 1);
    }
}
