package io.lockchaos.faults.proxy;

import java.io.IOException;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

/**
 * One client connection through a proxy: the accepted client socket, the socket to the upstream
 * and the two {@link Link}s between them. It ends when both directions have ended cleanly (each
 * half-closed), or at once when either side fails, a toxic closes or resets it, or the proxy stops.
 */
final class Connection implements LinkControl, AutoCloseable {
    private static final System.Logger LOG = System.getLogger(Connection.class.getName());

    private final String label;
    private final Socket client;
    private final Socket upstream;
    private final ProxyRuntime runtime;
    private final Consumer<Connection> onClosed;
    private final Link up;
    private final Link down;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicInteger finishedLinks = new AtomicInteger();

    Connection(String label, Socket client, Socket upstream, ProxyRuntime runtime,
               Consumer<Connection> onClosed) {
        this.label = label;
        this.client = client;
        this.upstream = upstream;
        this.runtime = runtime;
        this.onClosed = onClosed;
        this.up = new Link(label, Stream.UPSTREAM, client, upstream, this);
        this.down = new Link(label, Stream.DOWNSTREAM, upstream, client, this);
    }

    List<Link> links() {
        return List.of(up, down);
    }

    void start() {
        up.start();
        down.start();
    }

    /** One direction ended cleanly; when both have, the connection is done. */
    void finished() {
        if (finishedLinks.incrementAndGet() == 2) {
            close();
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        closeSocket(client);
        closeSocket(upstream);
        up.close();
        down.close();
        onClosed.accept(this);
    }

    @Override
    public void reset() {
        for (Socket socket : List.of(client, upstream)) {
            try {
                socket.setSoLinger(true, 0);
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, () -> label + ": linger 0 not set, socket already closed: " + e);
            }
        }
        close();
    }

    private void closeSocket(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> label + ": closing a socket failed: " + e);
        }
    }

    @Override
    public Future<?> schedule(long delayNanos, Runnable action) {
        return runtime.scheduler().schedule(action, delayNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public RandomGenerator random() {
        return runtime.random();
    }

    /** Waits up to {@code millis} for the four threads of this connection to end. */
    void join(long millis) throws InterruptedException {
        up.join(millis);
        down.join(millis);
    }

    @Override
    public String toString() {
        return label;
    }
}
