package io.lockchaos.faults.proxy;

import java.util.Arrays;

/**
 * Bytes read from one socket in one read, with the {@link System#nanoTime()} they were read at.
 * Latency is measured from that time, so data that waited in the link's queue is not delayed twice.
 * The array is never modified after construction.
 */
record Chunk(byte[] data, long timestampNanos) implements Transfer {

    int size() {
        return data.length;
    }

    /** The bytes {@code [from, to)} of this chunk, with the same timestamp. */
    Chunk slice(int from, int to) {
        return new Chunk(Arrays.copyOfRange(data, from, to), timestampNanos);
    }

    Chunk withTimestamp(long nanos) {
        return new Chunk(data, nanos);
    }
}
