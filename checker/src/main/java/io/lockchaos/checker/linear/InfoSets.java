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

    private int[] parent = new int[1024];
    private int[] last = new int[1024];
    private int nodes = 1;
    /** Open addressing over node ids (never {@link #EMPTY}, which is no one's child); 0 is free. */
    private int[] table = new int[1 << 11];
    private int[] above = new int[16];

    /** The id of {@code set} with {@code rank} added; the set must not hold it. */
    int with(int set, int rank) {
        int depth = 0;
        int s = set;
        while (s != EMPTY && last[s] > rank) {
            if (depth == above.length) {
                above = Arrays.copyOf(above, depth * 2);
            }
            above[depth++] = last[s];
            s = parent[s];
        }
        s = child(s, rank);
        while (depth > 0) {
            s = child(s, above[--depth]);
        }
        return s;
    }

    /** How many bytes the sets take: for the memory figures. */
    long bytes() {
        return 8L * parent.length + 4L * table.length;
    }

    private int child(int of, int rank) {
        int mask = table.length - 1;
        int i = slot(of, rank) & mask;
        for (int id = table[i]; id != 0; id = table[i]) {
            if (parent[id] == of && last[id] == rank) {
                return id;
            }
            i = (i + 1) & mask;
        }
        if (nodes == parent.length) {
            parent = Arrays.copyOf(parent, nodes * 2);
            last = Arrays.copyOf(last, nodes * 2);
        }
        int id = nodes++;
        parent[id] = of;
        last[id] = rank;
        table[i] = id;
        if (nodes * 2 > table.length) {
            grow();
        }
        return id;
    }

    private static int slot(int of, int rank) {
        return (int) Memo.mix(((long) of << 32) | (rank & 0xFFFFFFFFL));
    }

    private void grow() {
        table = new int[table.length * 2];
        int mask = table.length - 1;
        for (int id = 1; id < nodes; id++) {
            int i = slot(parent[id], last[id]) & mask;
            while (table[i] != 0) {
                i = (i + 1) & mask;
            }
            table[i] = id;
        }
    }
}
