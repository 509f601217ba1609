package io.lockchaos.faults.proxy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;

/**
 * What one link has to write to its destination socket (non-blocking) and has not yet been able
 * to: data in order, then possibly the end of the stream (a half-close once the data is out). The
 * I/O loop writes; a link's pump thread may add, and waits while more than {@link #LIMIT} bytes
 * are waiting, so a slow reader slows the toxics down instead of filling memory. The loop stops
 * reading a link's source while its outbox is full, for the same reason.
 */
final class Outbox {
    /** Bytes waiting beyond which the source is not read (the loop) and the pump waits. */
    static final int LIMIT = 1 << 20;

    private final SocketChannel dest;
    private final String label;
    private final ArrayDeque<ByteBuffer> waiting = new ArrayDeque<>(); // guarded by this
    private long bytes; // guarded by this
    private boolean endQueued; // guarded by this
    private boolean ended; // guarded by this
    private boolean discarded; // guarded by this

    Outbox(SocketChannel dest, String label) {
        this.dest = dest;
        this.label = label;
    }

    /**
     * On the loop thread: writes {@code data} now if nothing is waiting, and keeps (a copy of)
     * what the socket did not take.
     *
     * @throws LinkBrokenException if the write fails
     */
    synchronized void write(ByteBuffer data) {
        if (waiting.isEmpty() && !endQueued) {
            try {
                dest.write(data);
            } catch (IOException e) {
                throw new LinkBrokenException(label, e);
            }
        }
        if (data.hasRemaining()) {
            ByteBuffer copy = ByteBuffer.allocate(data.remaining()).put(data).flip();
            waiting.add(copy);
            bytes += copy.remaining();
        }
    }

    /** From a pump: queues {@code data} (not copied: the caller gives it up) for the loop to write. */
    synchronized void add(ByteBuffer data) {
        if (!discarded && !endQueued && data.hasRemaining()) {
            waiting.add(data);
            bytes += data.remaining();
        }
    }

    /** From a pump: waits while the outbox is over its limit (until the loop writes, or it is discarded). */
    synchronized void awaitRoom() throws InterruptedException {
        while (bytes > LIMIT && !discarded) {
            wait();
        }
    }

    /** The end of the stream: half-close the destination once every byte before it is written. */
    synchronized void end() {
        endQueued = true;
    }

    /**
     * On the loop thread: writes what the socket takes now.
     *
     * @return true if this call half-closed the destination (the end of the stream went out)
     * @throws LinkBrokenException if a write or the half-close fails
     */
    synchronized boolean flush() {
        try {
            while (!waiting.isEmpty()) {
                ByteBuffer head = waiting.peek();
                bytes -= dest.write(head);
                if (head.hasRemaining()) {
                    break;
                }
                waiting.poll();
            }
            notifyAll();
            if (waiting.isEmpty() && endQueued && !ended && !discarded) {
                ended = true;
                dest.shutdownOutput();
                return true;
            }
            return false;
        } catch (IOException e) {
            throw new LinkBrokenException(label, e);
        }
    }

    /** True while something (data, or the end of the stream) waits for the socket. */
    synchronized boolean pending() {
        return !discarded && (!waiting.isEmpty() || endQueued && !ended);
    }

    /** True while data other than the end of the stream waits. */
    synchronized boolean hasData() {
        return !discarded && !waiting.isEmpty();
    }

    /** True while more than {@link #LIMIT} bytes wait. */
    synchronized boolean full() {
        return bytes > LIMIT;
    }

    /** Drops everything waiting and releases a pump waiting for room; the connection is going. */
    synchronized void discard() {
        discarded = true;
        waiting.clear();
        bytes = 0;
        notifyAll();
    }
}
