package io.lockchaos.checker.linear;

import java.util.Arrays;

/**
 * The sets of linearized indeterminate operations (by rank) one search meets, hash-consed:
 * each distinct set is one node of a trie of its ranks in increasing order, named by an
 * {@code int}, so the memo stores a set in four bytes and compares two sets by their ids. A
 * node is its largest rank and its parent, the set without that rank: adding the largest rank
 * so far makes one node (or finds it); adding a smaller one rebuilds the path above it. Each
 * distinct set costs about 16 bytes once, however many configurations share it.
 */
final class InfoSets {

    /** The empty set's id. */
    static final int EMPTY = 0;

    /** Per node, its parent's id over its largest rank, in one long so a probe reads one place. */
    private long[] node = new long[1024];
    private int nodes = 1;
    /** Open addressing over node ids (never {@link #EMPTY}, which is no one's child); 0 is free. */
    private int[] table = new int[1 << 11];
    private int[] above = new int[16];

    /** The id of {@code set} with {@code rank} added; the set must not hold it. */
    int with(int set, int rank) {
        int depth = 0;
        int s = set;
        while (s != EMPTY && (int) node[s] > rank) {
            if (depth == above.length) {
                above = Arrays.copyOf(above, depth * 2);
            }
            above[depth++] = (int) node[s];
            s = (int) (node[s] >>> 32);
        }
        s = child(s, rank);
        while (depth > 0) {
            s = child(s, above[--depth]);
        }
        return s;
    }

    private int child(int of, int rank) {
        long key = ((long) of << 32) | (rank & 0xFFFFFFFFL);
        int mask = table.length - 1;
        int i = (int) Memo.mix(key) & mask;
        for (int id = table[i]; id != 0; id = table[i]) {
            if (node[id] == key) {
                return id;
            }
            i = (i + 1) & mask;
        }
        if (nodes == node.length) {
            node = Arrays.copyOf(node, nodes * 2);
        }
        int id = nodes++;
        node[id] = key;
        table[i] = id;
        if (nodes * 2 > table.length) {
            grow();
        }
        return id;
    }

    private void grow() {
        table = new int[table.length * 2];
        int mask = table.length - 1;
        for (int id = 1; id < nodes; id++) {
            int i = (int) Memo.mix(node[id]) & mask;
            while (table[i] != 0) {
                i = (i + 1) & mask;
            }
            table[i] = id;
        }
    }
}
