package io.lockchaos.checker.linear;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The configurations a search has already explored: (linearized set, model state) pairs. A
 * linearized set is stored compactly (see {@link Search}): a watermark, the determinate
 * operations linearized above it, and the {@link InfoSets} id of the linearized indeterminate
 * ones; a state is stored as the number it was given when first seen. No object per
 * configuration: each is a run of ints in pages of one big arena ({@code 16 + 4e} bytes with
 * {@code e} operations above the watermark), found through an open-addressing table of arena
 * addresses (8 bytes a slot, at most two thirds full). So the memory is a few tens of bytes
 * per configuration, and the garbage collector sees a few large arrays, not millions of
 * objects.
 */
final class Memo {

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final int PAGE_BITS = 20;
    private static final int PAGE = 1 << PAGE_BITS;
    /** The first page's size in ints; it grows to {@link #PAGE}. */
    private static final int FIRST_PAGE = 1 << 12;
    /** Ints before the extras: state id, watermark, info set id, extras count. */
    private static final int HEAD = 4;

    /**
     * The arena. The first page starts small and doubles in place up to {@link #PAGE} (its
     * addresses stay as they are): a search of a few hundred configurations, as most are,
     * touches kilobytes, not a 4 MB page (102 etcd logs in one process: 420 MB of pages zeroed
     * for nothing). Every later page is a full one.
     */
    private int[][] pages = {new int[FIRST_PAGE]};
    private int page;
    private int used;
    /**
     * Per slot, the upper half of a configuration's hash (the slot it wants, and a quick
     * filter) over its arena address + 1 (0: a free slot); one array, so a probe touches one
     * cache line.
     */
    private long[] slots = new long[1 << 10];
    private int size;
    private final Map<Object, Integer> states = new HashMap<>();

    /** Remembers a configuration; false when it was already there. */
    boolean add(long setHash, int watermark, int[] extras, int infos, Object state) {
        int stateId = states.computeIfAbsent(state, s -> states.size());
        int hash = (int) (mix(setHash ^ ((stateId + 1L) * GOLDEN)) >>> 32);
        int mask = slots.length - 1;
        int i = hash & mask;
        for (long slot = slots[i]; slot != 0; slot = slots[i]) {
            if ((int) (slot >>> 32) == hash && matches((int) (slot - 1), stateId, watermark, extras, infos)) {
                return false;
            }
            i = (i + 1) & mask;
        }
        slots[i] = ((long) hash << 32) | (append(stateId, watermark, extras, infos) + 1L);
        if (++size * 3L > slots.length * 2L) {
            grow();
        }
        return true;
    }

    long size() {
        return size;
    }

    private boolean matches(int at, int stateId, int watermark, int[] extras, int infos) {
        int[] p = pages[at >>> PAGE_BITS];
        int o = at & (PAGE - 1);
        if (p[o] != stateId || p[o + 1] != watermark || p[o + 2] != infos || p[o + 3] != extras.length) {
            return false;
        }
        return Arrays.equals(p, o + HEAD, o + HEAD + extras.length, extras, 0, extras.length);
    }

    private int append(int stateId, int watermark, int[] extras, int infos) {
        int length = HEAD + extras.length;
        if (length > PAGE) {
            throw new IllegalStateException(extras.length + " operations linearized above the watermark: more than a"
                    + " memo page holds");
        }
        if (used + length > pages[page].length) {
            if (used + length <= PAGE) {
                pages[page] = Arrays.copyOf(pages[page], Math.min(PAGE, Math.max(2 * pages[page].length, used + length)));
            } else {
                if (page + 1 == 1 << (31 - PAGE_BITS)) {
                    throw new IllegalStateException("the memo is full: " + size + " configurations");
                }
                page++;
                if (page == pages.length) {
                    pages = Arrays.copyOf(pages, pages.length * 2);
                }
                pages[page] = new int[PAGE];
                used = 0;
            }
        }
        int[] p = pages[page];
        p[used] = stateId;
        p[used + 1] = watermark;
        p[used + 2] = infos;
        p[used + 3] = extras.length;
        System.arraycopy(extras, 0, p, used + HEAD, extras.length);
        int at = (page << PAGE_BITS) | used;
        used += length;
        return at;
    }

    private void grow() {
        long[] old = slots;
        slots = new long[old.length * 2];
        int mask = slots.length - 1;
        for (long slot : old) {
            if (slot != 0) {
                int i = (int) (slot >>> 32) & mask;
                while (slots[i] != 0) {
                    i = (i + 1) & mask;
                }
                slots[i] = slot;
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
