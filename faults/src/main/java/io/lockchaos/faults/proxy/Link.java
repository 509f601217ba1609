package io.lockchaos.faults.proxy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One direction of one proxied connection: bytes read from {@code source}, passed through this
 * direction's toxics in order, written to {@code dest}.
 *
 * <p>A reader thread reads and timestamps chunks; a pump thread runs them through the chain. While
 * the chain is empty and nothing is queued the reader writes straight to {@code dest}, so an
 * untoxic proxy adds no thread hand-off, and the pump thread is started only when the first chunk
 * is queued for it (a burst of connections through an untoxic proxy starts half the threads). The chain is a copy-on-write list; every change to it
 * (and closing) wakes a toxic that is waiting, see {@link Flow#pauseUntil}.
 */
final class Link {
    private static final System.Logger LOG = System.getLogger(Link.class.getName());
    private static final int QUEUE_CAPACITY = 1024;
    private static final int READ_BUFFER_BYTES = 128 * 1024;
    /** At most this much data waits in a link's queue (a latency toxic on a bulk stream fills it). */
    private static final int QUEUE_BYTES = 16 * 1024 * 1024;

    private final String label;
    private final Stream stream;
    private final Socket source;
    private final Socket dest;
    private final Connection connection;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private long generation; // guarded by lock
    private boolean closed; // guarded by lock
    private volatile List<Stage> stages = List.of();
    private final BlockingQueue<Transfer> queue = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
    private final Semaphore queuedBytes = new Semaphore(QUEUE_BYTES);
    private final AtomicInteger pending = new AtomicInteger();
    private final Thread reader;
    private final Thread pump;
    private final AtomicBoolean pumpStarted = new AtomicBoolean();

    Link(String label, Stream stream, Socket source, Socket dest, Connection connection) {
        this.label = label + " " + stream.wireName();
        this.stream = stream;
        this.source = source;
        this.dest = dest;
        this.connection = connection;
        this.reader = daemon(this::read, this.label + " reader");
        this.pump = daemon(this::pump, this.label + " pump");
    }

    private static Thread daemon(Runnable body, String name) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        return thread;
    }

    Stream stream() {
        return stream;
    }

    /** Starts the reader; the pump starts with the first transfer queued for it (the first toxic). */
    void start() {
        reader.start();
    }

    // ---- chain changes (called by ToxicChain under its lock) ----

    void add(ToxicDefinition toxic) {
        Stage stage = new Stage(toxic.name(), toxic.startOn(connection));
        lock.lock();
        try {
            if (!closed) {
                List<Stage> next = new ArrayList<>(stages);
                next.add(stage);
                stages = List.copyOf(next);
                changedLocked();
                return;
            }
        } finally {
            lock.unlock();
        }
        stage.effect().cancel();
    }

    void update(ToxicDefinition toxic) {
        for (Stage stage : stages) {
            if (stage.name().equals(toxic.name())) {
                Effect old = stage.effect();
                if (toxic.rollOn(connection.random())) {
                    stage.replace(old.reconfigure(toxic.toxic(), connection));
                } else {
                    old.cancel();
                    stage.replace(PassThrough.INSTANCE);
                }
                signalChange();
            }
        }
    }

    void remove(String toxicName) {
        List<Stage> gone = new ArrayList<>();
        lock.lock();
        try {
            List<Stage> next = new ArrayList<>(stages);
            for (Stage stage : stages) {
                if (stage.name().equals(toxicName)) {
                    stage.markRemoved();
                    next.remove(stage);
                    gone.add(stage);
                }
            }
            stages = List.copyOf(next);
            changedLocked();
        } finally {
            lock.unlock();
        }
        gone.forEach(stage -> stage.effect().onRemoved());
    }

    private void signalChange() {
        lock.lock();
        try {
            changedLocked();
        } finally {
            lock.unlock();
        }
    }

    private void changedLocked() {
        generation++;
        changed.signalAll();
    }

    /**
     * See {@link Flow#pauseUntil}: {@code seen} is the chain's generation when the transfer entered
     * it, so a change made after that but before this pause began also ends the pause.
     */
    private boolean pauseUntil(long deadlineNanos, long seen) {
        lock.lock();
        try {
            while (!closed && generation == seen) {
                long remaining = deadlineNanos - System.nanoTime();
                if (remaining <= 0) {
                    return true;
                }
                changed.awaitNanos(remaining);
            }
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            lock.unlock();
        }
    }

    // ---- data path ----

    private void read() {
        byte[] buffer = new byte[READ_BUFFER_BYTES];
        try {
            InputStream in = source.getInputStream();
            OutputStream out = dest.getOutputStream();
            int n;
            while ((n = in.read(buffer)) >= 0) {
                long now = System.nanoTime();
                if (direct()) {
                    writeOut(out, buffer, n);
                } else {
                    enqueue(new Chunk(Arrays.copyOf(buffer, n), now));
                }
            }
            deliver(new EndOfStream(true));
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> label + ": read ended: " + e.getMessage());
            deliverQuietly(new EndOfStream(false));
        } catch (LinkBrokenException e) {
            LOG.log(System.Logger.Level.DEBUG, e::getMessage);
            connection.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** True when data may bypass the pump: no toxics, and nothing of ours still in the pump. */
    private boolean direct() {
        return pending.get() == 0 && stages.isEmpty();
    }

    private void deliver(EndOfStream end) throws InterruptedException {
        if (direct()) {
            finish(end);
        } else {
            enqueue(end);
        }
    }

    private void deliverQuietly(EndOfStream end) {
        try {
            deliver(end);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void enqueue(Transfer transfer) throws InterruptedException {
        queuedBytes.acquire(bytes(transfer));
        pending.incrementAndGet();
        queue.put(transfer);
        if (pumpStarted.compareAndSet(false, true)) {
            pump.start();
        }
    }

    private static int bytes(Transfer transfer) {
        return transfer instanceof Chunk chunk ? chunk.size() : 0;
    }

    private void pump() {
        try {
            Transfer transfer;
            do {
                transfer = queue.take();
                try {
                    process(transfer);
                } finally {
                    pending.decrementAndGet();
                    queuedBytes.release(bytes(transfer));
                }
            } while (transfer instanceof Chunk && !isClosed());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (LinkBrokenException e) {
            LOG.log(System.Logger.Level.DEBUG, e::getMessage);
            connection.close();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, label + ": a toxic failed; closing the connection", e);
            connection.close();
        }
    }

    private void process(Transfer transfer) {
        List<Stage> chain;
        long seen;
        lock.lock();
        try {
            chain = stages;
            seen = generation;
        } finally {
            lock.unlock();
        }
        Cursor start = new Cursor(chain, 0, !(transfer instanceof EndOfStream end) || end.clean(), seen);
        if (transfer instanceof Chunk chunk) {
            start.emit(chunk);
        } else {
            start.end();
        }
    }

    private void writeOut(OutputStream out, byte[] data, int length) {
        try {
            out.write(data, 0, length);
        } catch (IOException e) {
            throw new LinkBrokenException(label, e);
        }
    }

    private void write(Chunk chunk) {
        try {
            writeOut(dest.getOutputStream(), chunk.data(), chunk.size());
        } catch (IOException e) {
            throw new LinkBrokenException(label, e);
        }
    }

    private void finish(EndOfStream end) {
        if (!end.clean()) {
            connection.close();
            return;
        }
        try {
            dest.shutdownOutput();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> label + ": half-close failed: " + e.getMessage());
            connection.close();
            return;
        }
        connection.finished();
    }

    // ---- lifecycle ----

    private boolean isClosed() {
        lock.lock();
        try {
            return closed;
        } finally {
            lock.unlock();
        }
    }

    /** Stops both threads and every toxic's timers; the connection closes the sockets. */
    void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        stages.forEach(stage -> stage.effect().cancel());
        reader.interrupt();
        pump.interrupt();
    }

    /** Waits up to {@code millis} for both threads to end. */
    void join(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        for (Thread thread : List.of(reader, pump)) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (thread != Thread.currentThread() && left > 0) {
                thread.join(left);
            }
        }
    }

    /** A position in a snapshot of the chain: where one transfer is on its way through. */
    private final class Cursor implements Flow {
        private final List<Stage> chain;
        private final int position;
        private final boolean clean;
        private final long generation;

        Cursor(List<Stage> chain, int position, boolean clean, long generation) {
            this.chain = chain;
            this.position = position;
            this.clean = clean;
            this.generation = generation;
        }

        @Override
        public void emit(Chunk chunk) {
            for (int i = position; i < chain.size(); i++) {
                Stage stage = chain.get(i);
                if (!stage.removed()) {
                    stage.effect().onChunk(chunk, new Cursor(chain, i + 1, clean, generation));
                    return;
                }
            }
            write(chunk);
        }

        @Override
        public void end() {
            for (int i = position; i < chain.size(); i++) {
                Stage stage = chain.get(i);
                if (!stage.removed()) {
                    stage.effect().onEnd(new Cursor(chain, i + 1, clean, generation));
                    return;
                }
            }
            finish(new EndOfStream(clean));
        }

        @Override
        public boolean pauseUntil(long deadlineNanos) {
            return Link.this.pauseUntil(deadlineNanos, generation);
        }
    }
}
