package io.lockchaos.checker.model;

/**
 * One key's string in the {@link KvModel}: immutable, built by appends that share the string
 * before them, so an append costs its own length rather than a copy of the whole value (the
 * search keeps many states that differ only in their last appends). Value semantics follow
 * the text: {@link #equals} compares content and {@link #hashCode} is {@link String#hashCode}
 * of the text, computed incrementally.
 */
public final class KvValue {

    /** The initial, empty value. */
    public static final KvValue EMPTY = new KvValue(null, "", 0);

    private final KvValue before;
    private final String chunk;
    private final int length;
    private final int hash;
    /** The text, once something needed it flat (a cache: strings are safely shared). */
    private String flat;

    private KvValue(KvValue before, String chunk, int hash) {
        this.before = before;
        this.chunk = chunk;
        this.length = (before == null ? 0 : before.length) + chunk.length();
        this.hash = hash;
    }

    public static KvValue of(String text) {
        return text.isEmpty() ? EMPTY : new KvValue(null, text, text.hashCode());
    }

    /** This value followed by {@code suffix}. */
    public KvValue append(String suffix) {
        if (suffix.isEmpty()) {
            return this;
        }
        if (length == 0) {
            return of(suffix); // chains never hold the empty value, so equal texts end alike
        }
        return new KvValue(this, suffix, hash * power31(suffix.length()) + suffix.hashCode());
    }

    private static int power31(int n) {
        int result = 1;
        int base = 31;
        for (int e = n; e > 0; e >>= 1) {
            if ((e & 1) != 0) {
                result *= base;
            }
            base *= base;
        }
        return result;
    }

    /** Whether this value's text is {@code text}. */
    public boolean contentEquals(String text) {
        return text.length() == length && text.hashCode() == hash && toString().equals(text);
    }

    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof KvValue v) || v.length != length || v.hash != hash) {
            return false;
        }
        return sameText(v);
    }

    /** Compares two values of equal length from their ends, chunk by chunk, stopping at a shared node. */
    private boolean sameText(KvValue other) {
        KvValue a = this;
        KvValue b = other;
        int ai = a.chunk.length();
        int bi = b.chunk.length();
        while (a != null && b != null) {
            if (a == b && ai == a.chunk.length() && bi == b.chunk.length()) {
                return true;
            }
            int n = Math.min(ai, bi);
            if (!a.chunk.regionMatches(ai - n, b.chunk, bi - n, n)) {
                return false;
            }
            ai -= n;
            bi -= n;
            if (ai == 0) {
                a = a.before;
                ai = a == null ? 0 : a.chunk.length();
            }
            if (bi == 0) {
                b = b.before;
                bi = b == null ? 0 : b.chunk.length();
            }
        }
        return a == null && b == null;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        String text = flat;
        if (text == null) {
            char[] chars = new char[length];
            for (KvValue v = this; v != null; v = v.before) {
                v.chunk.getChars(0, v.chunk.length(), chars, v.length - v.chunk.length());
            }
            text = new String(chars);
            flat = text;
        }
        return text;
    }
}
