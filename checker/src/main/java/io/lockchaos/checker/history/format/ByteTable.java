package io.lockchaos.checker.history.format;

import io.lockchaos.history.Value;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The values of short ASCII tokens or strings, found by their bytes: {@link EdnBytes} reads
 * the same few keywords, symbols and strings again and again, and gets one shared value for
 * each (values are immutable) without building a string to look it up. Holds at most
 * {@link #LIMIT} entries, each at most {@link #LONGEST} bytes; beyond that, values are made
 * anew each time.
 */
final class ByteTable {

    /** A token: nil, a boolean, a keyword or a symbol, as {@link EdnScanner#atomOf} reads it. */
    static final int NAME = 0;
    /** The contents of a string without escapes. */
    static final int STRING = 1;

    private static final int SLOTS = 1 << 13;
    private static final int LIMIT = SLOTS / 2;
    private static final int LONGEST = 48;

    private final byte[][] keys = new byte[SLOTS][];
    private final Value[] values = new Value[SLOTS];
    private int size;

    /** The value of the first {@code length} bytes of {@code bytes}, read as {@code kind}. */
    Value lookUp(byte[] bytes, int length, int kind) {
        if (length > LONGEST) {
            return make(bytes, length, kind);
        }
        int hash = 0;
        for (int i = 0; i < length; i++) {
            hash = 31 * hash + bytes[i];
        }
        int slot = (hash ^ (hash >>> 13)) & (SLOTS - 1);
        for (byte[] key = keys[slot]; key != null; key = keys[slot]) {
            if (Arrays.equals(key, 0, key.length, bytes, 0, length)) {
                return values[slot];
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
        Value v = make(bytes, length, kind);
        if (size < LIMIT) {
            keys[slot] = Arrays.copyOf(bytes, length);
            values[slot] = v;
            size++;
        }
        return v;
    }

    private static Value make(byte[] bytes, int length, int kind) {
        String text = new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
        return kind == STRING ? new Value.Str(text) : EdnScanner.atomOf(text);
    }
}
