package io.lockchaos.checker.history.format;

import io.lockchaos.history.Value;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The values of short ASCII tokens or strings, found by their bytes: {@link EdnBytes} reads
 * the same keywords, symbols and strings again and again (a lock history names each ledger
 * entry in its append, its acknowledgement and the next append), and gets one shared value
 * for each (values are immutable) without building a string to look it up. A cache of
 * {@link #SLOTS} slots, each holding the last value made for the keys that land there, so it
 * keeps what was read recently and its size does not grow with the history. Keys of more than
 * {@link #LONGEST} bytes are not kept.
 */
final class ByteTable {

    /** A token: nil, a boolean, a keyword or a symbol, as {@link EdnScanner#atomOf} reads it. */
    static final int NAME = 0;
    /** The contents of a string without escapes. */
    static final int STRING = 1;

    private static final int SLOTS = 1 << 13;
    private static final int LONGEST = 160;

    private final byte[][] keys = new byte[SLOTS][];
    private final Value[] values = new Value[SLOTS];

    /** The value of the first {@code length} bytes of {@code bytes}, read as {@code kind}. */
    Value lookUp(byte[] bytes, int length, int kind) {
        Value known = find(bytes, 0, length);
        if (known != null) {
            return known;
        }
        Value v = make(bytes, length, kind);
        put(bytes, 0, length, v);
        return v;
    }

    /** The value last put for these bytes, or null. */
    Value find(byte[] bytes, int from, int length) {
        int slot = slot(bytes, from, length);
        byte[] key = keys[slot];
        return key != null && Arrays.equals(key, 0, key.length, bytes, from, from + length) ? values[slot] : null;
    }

    /** Remembers {@code v} as what these bytes read as (short ones only). */
    void put(byte[] bytes, int from, int length, Value v) {
        if (length <= LONGEST) {
            int slot = slot(bytes, from, length);
            keys[slot] = Arrays.copyOfRange(bytes, from, from + length);
            values[slot] = v;
        }
    }

    private static int slot(byte[] bytes, int from, int length) {
        int hash = length;
        for (int i = from; i < from + length; i++) {
            hash = 31 * hash + bytes[i];
        }
        return (hash ^ (hash >>> 13)) & (SLOTS - 1);
    }

    private static Value make(byte[] bytes, int length, int kind) {
        String text = new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
        return kind == STRING ? new Value.Str(text) : EdnScanner.atomOf(text);
    }
}
