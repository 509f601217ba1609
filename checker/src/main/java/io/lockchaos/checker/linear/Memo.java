package io.lockchaos.checker.linear;

import java.util.Arrays;

/**
 * The configurations a search has already explored: (linearized set, model state) pairs, in
 * an open-addressing hash table. A linearized set is stored compactly (see {@link Search}):
 * a watermark, a small sorted array of determinate operations above it, and the
 * {@link InfoSet} of linearized indeterminate operations. Both are immutable and shared between
 * configurations, so a long, almost sequential history costs a few words per configuration.
 */
final class Memo {

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private Config[] table = new Config[1 << 10];
    private int size;

    private record Config(long hash, int watermark, int[] extras, InfoSet infos, Object state) {
    }

    /** Remembers a configuration; false when it was already there. */
    boolean add(long setHash, int watermark, int[] extras, InfoSet infos, Object state) {
        long hash = mix(setHash ^ (state.hashCode() * GOLDEN));
        int mask = table.length - 1;
        int i = (int) hash & mask;
        for (Config c = table[i]; c != null; c = table[i]) {
            if (c.hash == hash && c.watermark == watermark && same(c.extras, extras)
                    && c.infos.sameAs(infos) && c.state.equals(state)) {
                return false;
            }
            i = (i + 1) & mask;
        }
        table[i] = new Config(hash, watermark, extras, infos, state);
        if (++size * 2 > table.length) {
            grow();
        }
        return true;
    }

    long size() {
        return size;
    }

    private static boolean same(int[] a, int[] b) {
        return a == b || Arrays.equals(a, b);
    }

    private void grow() {
        Config[] old = table;
        table = new Config[old.length * 2];
        int mask = table.length - 1;
        for (Config c : old) {
            if (c != null) {
                int i = (int) c.hash & mask;
                while (table[i] != null) {
                    i = (i + 1) & mask;
                }
                table[i] = c;
            }
        }
    }

    /** A 64-bit finalizer (splitmix64's): spreads any bits over all bits. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
