package io.lockchaos.checker.linear;

import java.util.Arrays;

/**
 * The indeterminate operations linearized so far, by rank: an immutable set built to be
 * extended cheaply many times from the same point. It is a shared sorted base plus a small
 * sorted delta; adding copies only the delta, and a delta past {@link #MAX_DELTA} is merged
 * into a new base. So trying each of many timed-out operations at a dead end costs a few
 * words each, not a copy of every timed-out operation linearized before.
 */
final class InfoSet {

    static final InfoSet EMPTY = new InfoSet(new int[0], new int[0]);
    private static final int MAX_DELTA = 8;

    private final int[] base;
    private final int[] delta;

    private InfoSet(int[] base, int[] delta) {
        this.base = base;
        this.delta = delta;
    }

    /** This set and {@code rank}, which it does not hold. */
    InfoSet with(int rank) {
        int[] grown = insert(delta, rank);
        if (grown.length <= MAX_DELTA) {
            return new InfoSet(base, grown);
        }
        return new InfoSet(merge(base, grown), EMPTY.delta);
    }

    int size() {
        return base.length + delta.length;
    }

    /** Set equality, whatever the split between base and delta. */
    boolean sameAs(InfoSet other) {
        if (this == other) {
            return true;
        }
        if (base == other.base) {
            return Arrays.equals(delta, other.delta);
        }
        return size() == other.size() && Arrays.equals(merge(base, delta), merge(other.base, other.delta));
    }

    static int[] insert(int[] sorted, int value) {
        int at = -Arrays.binarySearch(sorted, value) - 1;
        int[] out = new int[sorted.length + 1];
        System.arraycopy(sorted, 0, out, 0, at);
        out[at] = value;
        System.arraycopy(sorted, at, out, at + 1, sorted.length - at);
        return out;
    }

    private static int[] merge(int[] a, int[] b) {
        if (b.length == 0) {
            return a;
        }
        int[] out = new int[a.length + b.length];
        int i = 0;
        int j = 0;
        int k = 0;
        while (i < a.length && j < b.length) {
            out[k++] = a[i] < b[j] ? a[i++] : b[j++];
        }
        System.arraycopy(a, i, out, k, a.length - i);
        System.arraycopy(b, j, out, k + a.length - i, b.length - j);
        return out;
    }
}
