package io.lockchaos.faults.proxy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One direction of one proxied connection: bytes read from {@code source}, passed through this
 * direction's toxics in order, written to {@code dest}.
 *
 * <p>The server's {@link IoLoop} reads (non-blocking) and, while the chain is empty and nothing is
 * queued, writes straight to {@code dest} through the {@link Outbox}, so an untoxic proxy costs no
 * thread and no hand-off. Otherwise chunks are timestamped and queued to this link's pump thread,
 * started when the first chunk is queued for it, which runs them through the chain (a toxic may
 * wait there) and hands the result to the outbox. The chain is a copy-on-write list; every change
 * to it (and closing) wakes a toxic that is waiting, see {@link Flow#pauseUntil}.
 */
final class Link {
    private static final System.Logger LOG = System.getLogger(Link.class.getName());
    /** Beyond this much data queued for the pump the loop stops reading the source (a latency toxic on a bulk stream). */
    private static final long QUEUE_BYTES = 16 * 1024 * 1024;

    private final String label;
    private final Stream stream;
    private final SocketChannel source;
    private final Outbox outbox;
    private final Connection connection;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private long generation; // guarded by lock
    private volatile boolean closed; // written under lock
    private volatile List<Stage> stages = List.of();
    private final BlockingQueue<Transfer> queue = new LinkedBlockingQueue<>();
    private final AtomicLong queuedBytes = new AtomicLong();
    private final AtomicInteger pending = new AtomicInteger();
    private final Thread pump;
    private final AtomicBoolean pumpStarted = new AtomicBoolean();
    private boolean sourceEnded; // loop thread only

    Link(String label, Stream stream, SocketChannel source, SocketChannel dest, Connection connection) {
        this.label = label + " " + stream.wireName();
        this.stream = stream;
        this.source = source;
        this.outbox = new Outbox(dest, this.label);
        this.connection = connection;
        this.pump = new Thread(this::pump, this.label + " pump");
        this.pump.setDaemon(true);
    }

    Stream stream() {
        return stream;
    }

    Outbox outbox() {
        return outbox;
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

    /** On the loop thread: true while the loop should read the source (not ended, room downstream). */
    boolean wantsRead() {
        return !sourceEnded && !closed && !outbox.full() && queuedBytes.get() < QUEUE_BYTES;
    }

    /** On the loop thread, when the source is readable: one read, passed on. */
    void readable(ByteBuffer buffer) {
        int n;
        try {
            n = source.read(buffer);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> label + ": read ended: " + e.getMessage());
            sourceEnded = true;
            deliver(new EndOfStream(false));
            return;
        }
        if (n < 0) {
            sourceEnded = true;
            deliver(new EndOfStream(true));
        } else if (n > 0) {
            buffer.flip();
            if (direct()) {
                outbox.write(buffer);
            } else {
                byte[] data = new byte[n];
                buffer.get(data);
                enqueue(new Chunk(data, System.nanoTime()));
            }
        }
    }

    /** True when data may bypass the pump: no toxics, and nothing of ours still in the pump. */
    private boolean direct() {
        return pending.get() == 0 && stages.isEmpty();
    }

    private void deliver(EndOfStream end) {
        if (direct()) {
            finish(end);
        } else {
            enqueue(end);
        }
    }

    private void enqueue(Transfer transfer) {
        queuedBytes.addAndGet(bytes(transfer));
        pending.incrementAndGet();
        queue.add(transfer);
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
                    long left = queuedBytes.addAndGet(-bytes(transfer));
                    if (left + bytes(transfer) >= QUEUE_BYTES && left < QUEUE_BYTES) {
                        connection.wake(); // the loop stopped reading for a full queue
                    }
                }
            } while (transfer instanceof Chunk && !closed);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, label + ": a toxic failed; closing the connection", e);
            connection.close();
        }
    }

    private void process(Transfer transfer) throws InterruptedException {
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
        outbox.awaitRoom();
    }

    /** After the last toxic (on the pump): the data goes to the outbox for the loop to write. */
    private void write(Chunk chunk) {
        outbox.add(ByteBuffer.wrap(chunk.data()));
        connection.wake();
    }

    private void finish(EndOfStream end) {
        if (!end.clean()) {
            connection.close();
            return;
        }
        outbox.end();
        connection.wake();
    }

    // ---- lifecycle ----

    /** Stops the pump and every toxic's timers; what is in the outbox stays for a graceful close. */
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
        if (Thread.currentThread() != pump) {
            pump.interrupt();
        }
    }

    /** Waits up to {@code millis} for the pump thread, if started, to end. */
    void join(long millis) throws InterruptedException {
        if (pumpStarted.get() && Thread.currentThread() != pump) {
            pump.join(TimeUnit.MILLISECONDS.toMillis(millis));
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
