package io.lockchaos.checker.history.format;

import io.lockchaos.history.History;
import io.lockchaos.history.Value;
import io.lockchaos.history.format.LinedEvents;
import io.lockchaos.history.format.OpBuilder;
import io.lockchaos.history.format.OpFields;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The first pass over a {@code history.edn} file: {@link EdnScanner}'s reading on the file's
 * bytes, for files that are pure ASCII (as Jepsen's and lockchaos's are). It reads no
 * characters and builds no token strings: numbers are parsed from the bytes, and keywords,
 * symbols and short strings are looked up by their bytes in small tables, so the thousands
 * of {@code :type :ok} and {@code "job-2"} of a large history are one value each. Anything
 * outside its subset (a byte above 127, a byte-order mark, and all that {@link EdnScanner}
 * leaves to Clojure) throws {@link EdnScanner.Inexact}: the caller then reads the file with
 * {@link EdnScanner}, which reads the rest exactly or hands it to Clojure's reader.
 */
final class EdnBytes {

    private static final int NOT_INTEGER = -1;

    private final InputStream in;
    private final String source;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int end;
    private final LineCount lines = new LineCount(1);
    private byte[] token = new byte[64];
    private int tokenLength;
    private final ByteTable names = new ByteTable();
    private final ByteTable strings = new ByteTable();
    private final ByteTable maps = new ByteTable();
    private final OpBuilder op = new OpBuilder(OpFields.EDN);
    /** The integers read recently (tokens, counters), one shared value each; by their low bits. */
    private final Value.Int[] integers = new Value.Int[1 << 12];

    private EdnBytes(InputStream in, String source) {
        this.in = in;
        this.source = source;
    }

    /** Reads the history in {@code in}; {@link EdnScanner.Inexact} when a later pass must decide. */
    static History read(String source, InputStream in) throws IOException {
        EdnBytes edn = new EdnBytes(in, source);
        LinedEvents events = new LinedEvents();
        int c = edn.skipBlank();
        if (c == '[' || c == '(') {
            int close = c == '[' ? ']' : ')';
            edn.next();
            for (c = edn.skipBlank(); c != close; c = edn.skipBlank()) {
                if (c == -1) {
                    throw new EdnScanner.Inexact("end of input inside the ops");
                }
                edn.readOp(events);
            }
            edn.next();
            if (edn.skipBlank() != -1) {
                throw new EdnScanner.Inexact("text after the ops");
            }
        } else {
            for (; c != -1; c = edn.skipBlank()) {
                edn.readOp(events);
            }
        }
        return events.toHistory(source);
    }

    private void readOp(LinedEvents events) throws IOException {
        int opLine = lines.line();
        int c = next();
        if (c == '#') {
            if (peek() == '_' || peek() == '{') {
                throw new EdnScanner.Inexact("a discard or set where an op was expected");
            }
            readTag();
            c = skipBlank() == '{' ? next() : -1;
        }
        if (c != '{') {
            throw new EdnScanner.Inexact("not an op map");
        }
        for (c = skipBlank(); c != '}'; c = skipBlank()) {
            // Clojure's reader tells string keys from symbol keys; this pass does not.
            if (!(read(1) instanceof Value.Kw key)) {
                throw new EdnScanner.Inexact("an op key that is not a keyword");
            }
            c = skipBlank();
            if (c == '}') {
                throw new EdnScanner.Inexact("map with an odd number of forms");
            }
            boolean put;
            if (c >= '0' && c <= '9' && key.name().equals(OpFields.TIME)) {
                put = putTime();
            } else {
                put = op.put(key.name(), readPresent(1));
            }
            if (!put) {
                throw new EdnScanner.Inexact("duplicate op key");
            }
        }
        next();
        events.add(op.build(source, opLine, events.size()), opLine);
    }

    /**
     * An op's {@code :time} that starts with a digit: a plain decimal integer (nearly always) is
     * given to the op as a number, without a value for it; any other token as {@link #atom} reads it.
     */
    private boolean putTime() throws IOException {
        long unsigned = readToken();
        if (isPlainInteger(unsigned)) {
            return op.putTime(unsigned);
        }
        return op.put(OpFields.TIME, tokenValue(unsigned));
    }

    private int peek() throws IOException {
        if (pos == end) {
            end = in.read(buf, 0, buf.length);
            pos = 0;
            if (end <= 0) {
                end = 0;
                return -1;
            }
        }
        int c = buf[pos];
        if (c < 0) {
            throw new EdnScanner.Inexact("a byte above 127 (not ASCII)");
        }
        return c;
    }

    private int next() throws IOException {
        int c = peek();
        if (c == -1) {
            return -1;
        }
        pos++;
        lines.count(c);
        return c;
    }

    /** ASCII's share of {@link Character#isWhitespace}, which is what Clojure's reader skips. */
    private static boolean isBlank(int c) {
        return c == ' ' || c == ',' || (c >= '\t' && c <= '\r') || (c >= 0x1C && c <= 0x1F);
    }

    private static boolean endsToken(int c) {
        return c == -1 || isBlank(c) || c == '"' || c == ';' || c == '^' || c == '(' || c == ')'
                || c == '[' || c == ']' || c == '{' || c == '}' || c == '\\';
    }

    private int skipBlank() throws IOException {
        while (true) {
            int c = peek();
            if (c == ';') {
                while (c != -1 && c != '\n' && c != '\r') {
                    next();
                    c = peek();
                }
            } else if (c != -1 && isBlank(c)) {
                next();
            } else {
                return c;
            }
        }
    }

    /** A value that is not a discard; a discard here is left to the next pass. */
    private Value readPresent(int depth) throws IOException {
        Value v = read(depth);
        if (v == null) {
            throw new EdnScanner.Inexact("a discard where a value was expected");
        }
        return v;
    }

    /** One value, as {@link EdnScanner#read} reads it; null for a {@code #_} discard. */
    private Value read(int depth) throws IOException {
        if (depth > EdnScanner.MAX_DEPTH) {
            throw EdnScanner.tooDeep(source, lines.line());
        }
        int c = skipBlank();
        switch (c) {
            case -1:
                throw new EdnScanner.Inexact("end of input where a value was expected");
            case '"':
                next();
                return readString();
            case '[':
            case '(':
                next();
                return new Value.Vec(readElements(c == '[' ? ']' : ')', depth));
            case '{':
                return depth == 1 ? opValueMap() : map(depth);
            case '#':
                next();
                return dispatch(depth);
            case '\\':
                throw new EdnScanner.Inexact("a character literal");
            default:
                if (endsToken(c)) {
                    throw new EdnScanner.Inexact("'" + (char) c + "' where a value was expected");
                }
                return atom();
        }
    }

    private Value map(int depth) throws IOException {
        next();
        List<Value> items = readElements('}', depth);
        if (items.size() % 2 != 0) {
            throw new EdnScanner.Inexact("map with an odd number of forms");
        }
        Value.Dict dict = Value.Dict.ofPairs(items);
        if (dict == null) {
            throw new EdnScanner.Inexact("duplicate map key");
        }
        return dict;
    }

    /**
     * An op's value that is a map: one flat map on one line (such as {@code {:lock "job-2",
     * :token 7}}) is often the same bytes as one read a moment ago (an acquire's grant, its
     * release and the release's acknowledgement), and then it is that value. Same bytes, same
     * reading: the map holds no line break, so even the line count is unchanged.
     */
    private Value opValueMap() throws IOException {
        int close = flatMapEnd();
        if (close < 0) {
            return map(1);
        }
        int from = pos;
        Value known = maps.find(buf, from, close + 1 - from);
        if (known != null) {
            pos = close + 1;
            lines.count('}');
            return known;
        }
        Value v = map(1);
        maps.put(buf, from, close + 1 - from, v);
        return v;
    }

    /**
     * Where the map that opens at {@code pos} closes in the buffer, when it holds only tokens
     * and strings without escapes, all on this line; else -1.
     */
    private int flatMapEnd() {
        for (int i = pos + 1; i < end; i++) {
            byte c = buf[i];
            if (c == '}') {
                return i;
            }
            if (c == '"') {
                for (i++; i < end && buf[i] != '"'; i++) {
                    if (buf[i] == '\\' || buf[i] == '\n' || buf[i] == '\r' || buf[i] < 0) {
                        return -1;
                    }
                }
            } else if (c < 0 || c == '{' || c == '[' || c == '(' || c == '#' || c == '\\' || c == ';'
                    || c == '\n' || c == '\r') {
                return -1;
            }
        }
        return -1;
    }

    private Value dispatch(int depth) throws IOException {
        int c = peek();
        if (c == '{') {
            next();
            return EdnScanner.setOf(readElements('}', depth));
        }
        if (c == '_') {
            next();
            read(depth + 1);
            return null;
        }
        if (c == '#') {
            throw new EdnScanner.Inexact("a symbolic double");
        }
        readTag();
        Value tagged = read(depth + 1);
        if (tagged == null) {
            throw new EdnScanner.Inexact("a tag followed by a discard");
        }
        return tagged;
    }

    private void readTag() throws IOException {
        if (endsToken(peek())) {
            throw new EdnScanner.Inexact("'#' without a tag");
        }
        readToken();
        String tag = tokenString();
        if (!EdnScanner.isSymbol(tag) || tag.indexOf('/') >= 0) {
            throw new EdnScanner.Inexact("tag '" + tag + "'");
        }
    }

    private List<Value> readElements(int close, int depth) throws IOException {
        List<Value> items = new ArrayList<>(8);
        while (true) {
            int c = skipBlank();
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

    /** A string without escapes or carriage returns; escapes are left to the next pass. */
    private Value readString() throws IOException {
        tokenLength = 0;
        while (true) {
            int c = next();
            if (c == '"') {
                return strings.lookUp(token, tokenLength, ByteTable.STRING);
            }
            if (c == -1 || c == '\\' || c == '\r') {
                throw new EdnScanner.Inexact("a string with an escape, a carriage return or no end");
            }
            append(c);
        }
    }

    private void append(int c) {
        if (tokenLength == token.length) {
            token = java.util.Arrays.copyOf(token, token.length * 2);
        }
        token[tokenLength++] = (byte) c;
    }

    /** Reads bytes up to a blank, a comma or a terminator; returns the decimal integer they spell, or NOT_INTEGER. */
    private long readToken() throws IOException {
        tokenLength = 0;
        long value = 0;
        boolean digits = true;
        while (!endsToken(peek())) {
            int c = next();
            append(c);
            if (digits && c >= '0' && c <= '9' && tokenLength <= 18) {
                value = value * 10 + (c - '0');
            } else {
                digits = false;
            }
        }
        return digits ? value : NOT_INTEGER;
    }

    private String tokenString() {
        return new String(token, 0, tokenLength, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** A token: a number, nil, a boolean, a keyword or a symbol, as {@link EdnScanner} reads it. */
    private Value atom() throws IOException {
        return tokenValue(readToken());
    }

    /** A decimal integer without a sign or leading zeros, as {@link #readToken} spelled it. */
    private boolean isPlainInteger(long unsigned) {
        return unsigned != NOT_INTEGER && (tokenLength == 1 || token[0] != '0');
    }

    /** What the token just read (which spelled {@code unsigned}, see {@link #readToken}) reads as. */
    private Value tokenValue(long unsigned) {
        int first = token[0];
        boolean signed = first == '+' || first == '-';
        if (isPlainInteger(unsigned)) {
            return integer(unsigned);
        }
        if ((first >= '0' && first <= '9') || (signed && tokenLength > 1 && token[1] >= '0' && token[1] <= '9')) {
            return signedNumber(signed);
        }
        return names.lookUp(token, tokenLength, ByteTable.NAME);
    }

    private Value.Int integer(long value) {
        int slot = (int) (value ^ (value >>> 32)) & (integers.length - 1);
        Value.Int known = integers[slot];
        if (known == null || known.value() != value) {
            known = new Value.Int(value);
            integers[slot] = known;
        }
        return known;
    }

    /** A number with a sign, or any that is not a plain decimal integer: {@link EdnScanner}'s rules. */
    private Value signedNumber(boolean signed) {
        if (signed && tokenLength > 1 && tokenLength <= 19 && (tokenLength == 2 || token[1] != '0')) {
            long value = 0;
            for (int i = 1; i < tokenLength; i++) {
                if (token[i] < '0' || token[i] > '9') {
                    return EdnScanner.atomOf(tokenString());
                }
                value = value * 10 + (token[i] - '0');
            }
            return integer(token[0] == '-' ? -value : value);
        }
        return EdnScanner.atomOf(tokenString());
    }
}
