package io.lockchaos.checker.history.format;

import io.lockchaos.history.format.SourceLine;
import io.lockchaos.history.format.HistoryReader;
import io.lockchaos.history.Value;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads EDN straight into {@link Value}s in one pass, without Clojure: the subset Jepsen
 * writes (nil, booleans, decimal integers, doubles, strings with the common escapes,
 * keywords, symbols, simple characters, vectors, lists, maps, sets, tagged values and
 * {@code #_} discards). Anything else, and every syntax error, throws {@link Inexact}: the
 * caller then reads the input again with Clojure's own reader, which either reads it or
 * reports the error as Clojure sees it. Values nested deeper than {@link #MAX_DEPTH} are
 * refused here with the line, since Clojure's recursive reader overflows its stack on them.
 */
final class EdnScanner {

    /** How deep vectors, maps and sets may nest. */
    static final int MAX_DEPTH = 500;

    /** Characters that end a token (Clojure's terminating reader macros), besides blanks. */
    private static final String TERMINATORS = "\";^()[]{}\\";

    /** Signals input this scanner does not read exactly as Clojure would; carries no stack. */
    static final class Inexact extends RuntimeException {
        Inexact(String why) {
            super(why, null, false, false);
        }
    }

    private final Reader in;
    private final String source;
    private final char[] buf;
    private int pos;
    private int end;
    private final LineCount lines;
    private final StringBuilder token = new StringBuilder();
    private final Map<String, Value> names = new HashMap<>();

    /** Reads {@code in}, whose first line is line {@code firstLine} of {@code source}. */
    EdnScanner(Reader in, String source, int firstLine) {
        this(in, new char[1 << 16], 0, source, firstLine);
    }

    /**
     * Reads {@code text} in place: its characters are the whole buffer. A Jepsen log has a
     * value on every line, and a 64 K buffer for each of them was most of what checking a
     * log allocated (102 etcd logs: 2.0 of 2.2 GB).
     */
    private EdnScanner(String text, String source, int firstLine) {
        this(Reader.nullReader(), text.toCharArray(), text.length(), source, firstLine);
    }

    private EdnScanner(Reader in, char[] buf, int end, String source, int firstLine) {
        this.in = in;
        this.buf = buf;
        this.end = end;
        this.source = source;
        this.lines = new LineCount(firstLine);
    }

    /**
     * Reads the EDN value at the start of {@code text} (a Jepsen log line's value, such as
     * {@code [1 4]} or {@code :timed-out}); what follows it goes to {@code rest}. Falls back
     * to Clojure's reader for anything this scanner does not read exactly.
     */
    static Value readValue(String text, SourceLine at, StringBuilder rest) {
        EdnScanner in = new EdnScanner(text, at.source(), at.line());
        try {
            Value v = in.read(0);
            if (v == null) {
                throw new Inexact("a discard where a value was expected");
            }
            rest.append(in.buf, in.pos, in.end - in.pos);
            return v;
        } catch (Inexact e) {
            return ClojureEdn.readValue(text, at, rest);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // the text is read in place: nothing to fail
        }
    }

    /** The 1-based line of the next character. */
    int line() {
        return lines.line();
    }

    /** The next character without consuming it, or -1 at the end. */
    int peek() throws IOException {
        if (pos == end) {
            end = in.read(buf, 0, buf.length);
            pos = 0;
            if (end <= 0) {
                end = 0;
                return -1;
            }
        }
        return buf[pos];
    }

    /** Consumes and returns the next character, or -1 at the end. */
    int next() throws IOException {
        int c = peek();
        if (c == -1) {
            return -1;
        }
        pos++;
        lines.count(c);
        return c;
    }

    /**
     * Skips whitespace, commas and {@code ;} comments (and, when {@code byteOrderMark}, the
     * byte-order mark); returns the next character without consuming it, or -1.
     */
    int skipBlank(boolean byteOrderMark) throws IOException {
        while (true) {
            int c = peek();
            if (c == ';') {
                while (c != -1 && c != '\n' && c != '\r') {
                    next();
                    c = peek();
                }
            } else if (c != -1 && (Character.isWhitespace(c) || c == ','
                    || (byteOrderMark && c == HistoryReader.BYTE_ORDER_MARK))) {
                next();
            } else {
                return c;
            }
        }
    }

    /** Reads one value; null when the form was a {@code #_} discard. At the end: {@link Inexact}. */
    Value read(int depth) throws IOException {
        if (depth > MAX_DEPTH) {
            throw tooDeep(source, lines.line());
        }
        int c = skipBlank(false);
        switch (c) {
            case -1:
                throw new Inexact("end of input where a value was expected");
            case '"':
                next();
                return new Value.Str(readString());
            case '[':
            case '(':
                next();
                return new Value.Vec(readElements(c == '[' ? ']' : ')', depth));
            case '{':
                next();
                return new Value.Dict(readMap(depth));
            case '#':
                next();
                return dispatch(depth);
            case '\\':
                next();
                return readCharacter();
            default:
                if (TERMINATORS.indexOf(c) >= 0) {
                    throw new Inexact("'" + (char) c + "' where a value was expected");
                }
                return atom(readToken());
        }
    }

    /** The error for values nested deeper than {@link #MAX_DEPTH}, at {@code line}. */
    static RuntimeException tooDeep(String source, int line) {
        return new SourceLine(source, line).error("values nested more than " + MAX_DEPTH
                + " deep; expected op values of modest depth (is the file an EDN history?)");
    }

    /** The entries of a map whose '{' was consumed; duplicate keys are left to Clojure. */
    Map<Value, Value> readMap(int depth) throws IOException {
        return mapOf(readElements('}', depth));
    }

    /** A map's forms as its entries; {@link Inexact} for an odd count or a duplicate key. */
    static Map<Value, Value> mapOf(List<Value> items) {
        if (items.size() % 2 != 0) {
            throw new Inexact("map with an odd number of forms");
        }
        Map<Value, Value> entries = new LinkedHashMap<>(items.size());
        for (int i = 0; i < items.size(); i += 2) {
            if (entries.put(items.get(i), items.get(i + 1)) != null) {
                throw new Inexact("duplicate map key");
            }
        }
        return entries;
    }

    /** After '#': a set, a discard, a symbolic double or a tagged value (the value it tags). */
    Value dispatch(int depth) throws IOException {
        int c = peek();
        if (c == '{') {
            next();
            return setOf(readElements('}', depth));
        }
        if (c == '_') {
            next();
            read(depth + 1);
            return null;
        }
        if (c == '#') {
            next();
            return symbolicDouble(readToken());
        }
        readTag();
        Value tagged = read(depth + 1);
        if (tagged == null) {
            throw new Inexact("a tag followed by a discard");
        }
        return tagged;
    }

    /** A set's forms as a set; {@link Inexact} for a duplicate item. */
    static Value setOf(List<Value> items) {
        Set<Value> set = new LinkedHashSet<>(items);
        if (set.size() != items.size()) {
            throw new Inexact("duplicate set item");
        }
        return new Value.SetV(set);
    }

    /** Reads a tag's symbol after '#' (such as {@code jepsen.history.Op} or {@code inst}). */
    void readTag() throws IOException {
        int c = peek();
        if (c == -1 || Character.isWhitespace(c) || TERMINATORS.indexOf(c) >= 0) {
            throw new Inexact("'#' without a tag");
        }
        String tag = readToken();
        if (!isSymbol(tag) || tag.indexOf('/') >= 0) {
            throw new Inexact("tag '" + tag + "'");
        }
    }

    private List<Value> readElements(int close, int depth) throws IOException {
        List<Value> items = new ArrayList<>();
        while (true) {
            int c = skipBlank(false);
            if (c == close) {
                next();
                return items;
            }
            Value v = read(depth + 1);
            if (v != null) {
                items.add(v);
            }
        }
    }

    private String readString() throws IOException {
        StringBuilder s = token;
        s.setLength(0);
        while (true) {
            int c = next();
            if (c == '"') {
                return s.toString();
            }
            if (c == -1) {
                throw new Inexact("end of input inside a string");
            }
            if (c == '\\') {
                c = escape(next());
            } else if (c == '\r') {
                throw new Inexact("a carriage return in a string (Clojure's line reader turns it into a newline)");
            }
            s.append((char) c);
        }
    }

    private int escape(int c) throws IOException {
        switch (c) {
            case 't': return '\t';
            case 'r': return '\r';
            case 'n': return '\n';
            case 'b': return '\b';
            case 'f': return '\f';
            case '\\': return '\\';
            case '"': return '"';
            case 'u':
                int code = 0;
                for (int i = 0; i < 4; i++) {
                    int digit = Character.digit(next(), 16);
                    if (digit < 0) {
                        throw new Inexact("\\u escape without four hex digits");
                    }
                    code = code * 16 + digit;
                }
                return code;
            default:
                throw new Inexact("string escape \\" + (char) c);
        }
    }

    private Value readCharacter() throws IOException {
        int first = next();
        if (first == -1) {
            throw new Inexact("end of input after '\\'");
        }
        int c = peek();
        if (c == -1 || Character.isWhitespace(c) || c == ',' || TERMINATORS.indexOf(c) >= 0) {
            return new Value.Str(String.valueOf((char) first));
        }
        String name = (char) first + readToken();
        return switch (name) {
            case "newline" -> new Value.Str("\n");
            case "space" -> new Value.Str(" ");
            case "tab" -> new Value.Str("\t");
            case "return" -> new Value.Str("\r");
            default -> throw new Inexact("character \\" + name);
        };
    }

    /** Characters up to a blank, a comma or a terminator. */
    private String readToken() throws IOException {
        token.setLength(0);
        while (true) {
            int c = peek();
            if (c == -1 || Character.isWhitespace(c) || c == ',' || TERMINATORS.indexOf(c) >= 0) {
                return token.toString();
            }
            token.append((char) next());
        }
    }

    private static Value symbolicDouble(String name) {
        return switch (name) {
            case "Inf" -> new Value.Real(Double.POSITIVE_INFINITY);
            case "-Inf" -> new Value.Real(Double.NEGATIVE_INFINITY);
            case "NaN" -> new Value.Real(Double.NaN);
            default -> throw new Inexact("##" + name);
        };
    }

    /** A token: a number, nil, a boolean, a keyword or a symbol (which reads as its string). */
    private Value atom(String t) {
        Value known = names.get(t);
        if (known != null) {
            return known;
        }
        Value v = atomOf(t);
        if (names.size() < 4096 && !(v instanceof Value.Int || v instanceof Value.Real)) {
            names.put(t, v);
        }
        return v;
    }

    /** What a token reads as (see {@link #atom}), without the table of names already read. */
    static Value atomOf(String t) {
        char first = t.charAt(0);
        if (isDigit(first) || ((first == '+' || first == '-') && t.length() > 1 && isDigit(t.charAt(1)))) {
            return number(t);
        }
        Value v;
        if (t.equals("nil")) {
            v = Value.NIL;
        } else if (t.equals("true") || t.equals("false")) {
            v = new Value.Bool(t.equals("true"));
        } else if (first == ':' && isSymbol(t.substring(1))) {
            v = new Value.Kw(t.substring(1));
        } else if (isSymbol(t)) {
            v = new Value.Str(t);
        } else {
            throw new Inexact("token '" + t + "'");
        }
        return v;
    }

    /** Decimal integers that fit in a long, and doubles; hex, octal, radix, N, M and ratios are left to Clojure. */
    private static Value number(String t) {
        int start = t.charAt(0) == '+' || t.charAt(0) == '-' ? 1 : 0;
        boolean integer = true;
        for (int i = start; i < t.length(); i++) {
            if (!isDigit(t.charAt(i))) {
                integer = false;
                break;
            }
        }
        if (integer && (t.length() - start == 1 || t.charAt(start) != '0')) {
            if (t.length() - start > 18) {
                throw new Inexact("integer with more than 18 digits");
            }
            return new Value.Int(Long.parseLong(t.charAt(0) == '+' ? t.substring(1) : t));
        }
        if (isDouble(t, start)) {
            return new Value.Real(Double.parseDouble(t));
        }
        throw new Inexact("number '" + t + "'");
    }

    /** Clojure's float syntax without M: digits, optionally '.' digits*, optionally an exponent; one of the two. */
    private static boolean isDouble(String t, int start) {
        int i = start;
        while (i < t.length() && isDigit(t.charAt(i))) {
            i++;
        }
        boolean fraction = i < t.length() && t.charAt(i) == '.';
        if (fraction) {
            i++;
            while (i < t.length() && isDigit(t.charAt(i))) {
                i++;
            }
        }
        boolean exponent = i < t.length() && (t.charAt(i) == 'e' || t.charAt(i) == 'E');
        if (exponent) {
            i++;
            if (i < t.length() && (t.charAt(i) == '+' || t.charAt(i) == '-')) {
                i++;
            }
            int digits = i;
            while (i < t.length() && isDigit(t.charAt(i))) {
                i++;
            }
            if (i == digits) {
                return false;
            }
        }
        return (fraction || exponent) && i == t.length();
    }

    /** A plain symbol ({@code name} or {@code ns/name}) in a conservative subset of Clojure's syntax. */
    static boolean isSymbol(String t) {
        int slash = t.indexOf('/');
        if (slash < 0) {
            return isName(t);
        }
        return slash == t.lastIndexOf('/') && isName(t.substring(0, slash)) && isName(t.substring(slash + 1));
    }

    private static boolean isName(String t) {
        if (t.isEmpty()) {
            return false;
        }
        char first = t.charAt(0);
        if (isDigit(first) || !isNameChar(first)
                || ((first == '+' || first == '-' || first == '.') && t.length() > 1 && isDigit(t.charAt(1)))) {
            return false;
        }
        for (int i = 1; i < t.length(); i++) {
            if (!isNameChar(t.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isNameChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || "*+!-_?<>=.$&%".indexOf(c) >= 0;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
