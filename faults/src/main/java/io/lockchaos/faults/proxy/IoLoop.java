package io.lockchaos.faults.proxy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The one thread that moves every proxied byte: a {@link Selector} over every connection's two
 * sockets (non-blocking), plus a queue of tasks other threads hand it (a new connection to
 * register, output a toxic's pump has queued, a close). A connection therefore costs no thread
 * of its own; a link starts a pump thread only once a toxic has data to work on.
 *
 * <p>Everything that touches a selection key runs on this thread.
 */
final class IoLoop implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(IoLoop.class.getName());
    private static final int READ_BUFFER_BYTES = 128 * 1024;

    /** What a registered channel's key is attached to: told when the channel is ready. */
    interface Handler {
        /** Called on the loop thread with the key's ready operations. */
        void ready(SelectionKey key);

        /** Called on the loop thread when the loop shuts down with the channel still registered. */
        void abort();
    }

    private final Selector selector;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(READ_BUFFER_BYTES);
    private final Thread thread;
    private volatile boolean running = true;

    IoLoop(String name) {
        try {
            selector = Selector.open();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a selector for the proxy's connections", e);
        }
        thread = new Thread(this::run, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Runs {@code task} on the loop thread, soon; tasks run in the order given. */
    void execute(Runnable task) {
        tasks.add(task);
        if (Thread.currentThread() != thread) {
            selector.wakeup();
        }
    }

    boolean inLoop() {
        return Thread.currentThread() == thread;
    }

    /** Registers {@code channel} (non-blocking) for {@code ops}; on the loop thread only. */
    SelectionKey register(SelectableChannel channel, int ops, Handler handler) throws ClosedChannelException {
        return channel.register(selector, ops, handler);
    }

    /** The loop's scratch buffer for reads: valid only until the caller returns to the loop. */
    ByteBuffer readBuffer() {
        return readBuffer.clear();
    }

    private void run() {
        while (running) {
            try {
                selector.select(this::dispatch);
                runTasks();
            } catch (IOException e) {
                LOG.log(System.Logger.Level.ERROR, "the proxy's selector failed; proxied connections stop", e);
                break;
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.ERROR, "a proxied connection's handler failed; the others go on", e);
            }
        }
        runTasks();
        for (SelectionKey key : selector.keys()) {
            if (key.attachment() instanceof Handler handler) {
                handler.abort();
            }
        }
        try {
            selector.close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> "closing the selector failed: " + e);
        }
    }

    private void dispatch(SelectionKey key) {
        if (key.isValid() && key.attachment() instanceof Handler handler) {
            try {
                handler.ready(key);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "a proxied connection failed; aborting it", e);
                handler.abort();
            }
        }
    }

    private void runTasks() {
        Runnable task;
        while ((task = tasks.poll()) != null) {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "a proxy task failed", e);
            }
        }
    }

    /** Aborts every registered connection and stops the thread (waiting up to 5 s). */
    @Override
    public void close() {
        running = false;
        selector.wakeup();
        if (!inLoop()) {
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
