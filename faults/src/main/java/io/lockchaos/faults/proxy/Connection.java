package io.lockchaos.faults.proxy;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/**
 * One client connection through a proxy: the accepted client socket, the socket to the upstream
 * (connecting when this is made) and the two {@link Link}s between them, driven by the server's
 * {@link IoLoop}. It ends when both directions have ended cleanly (each half-closed), when either
 * side fails, when a toxic closes or resets it, or when the proxy stops.
 *
 * <p>A close (a toxic's, or a failed read) is graceful: what the links already handed on is
 * written first (for at most {@link #DRAIN_LIMIT}), as a blocking socket's close would leave it to
 * the kernel; a reset and a proxy that stops close at once.
 */
final class Connection implements LinkControl {
    private static final System.Logger LOG = System.getLogger(Connection.class.getName());
    private static final Duration DRAIN_LIMIT = Duration.ofSeconds(2);

    private final String label;
    private final SocketChannel client;
    private final SocketChannel upstream;
    private final ProxyRuntime runtime;
    private final IoLoop loop;
    private final Link up;
    private final Link down;
    private final AtomicBoolean closing = new AtomicBoolean();
    private final AtomicBoolean terminated = new AtomicBoolean();
    private final CountDownLatch gone = new CountDownLatch(1);
    private final AtomicInteger finishedLinks = new AtomicInteger();
    private SelectionKey clientKey; // loop thread only
    private SelectionKey upstreamKey; // loop thread only
    private volatile Future<?> connectTimer;
    private Predicate<Connection> onConnected;
    private Consumer<Connection> onClosed;

    Connection(String label, SocketChannel client, SocketChannel upstream, ProxyRuntime runtime) {
        this.label = label;
        this.client = client;
        this.upstream = upstream;
        this.runtime = runtime;
        this.loop = runtime.loop();
        this.up = new Link(label, Stream.UPSTREAM, client, upstream, this);
        this.down = new Link(label, Stream.DOWNSTREAM, upstream, client, this);
    }

    List<Link> links() {
        return List.of(up, down);
    }

    /**
     * Registers both sockets with the loop and waits (without a thread) for the upstream connect:
     * once it is done, {@code onConnected} decides whether the connection goes on (false: the
     * proxy stopped meanwhile); {@code onClosed} is told when it ends.
     */
    void start(Predicate<Connection> connected, Consumer<Connection> closed) {
        this.onConnected = connected;
        this.onClosed = closed;
        connectTimer = runtime.scheduler().schedule(() -> loop.execute(this::connectTimedOut),
                runtime.connectTimeout().toNanos(), TimeUnit.NANOSECONDS);
        loop.execute(this::register);
    }

    private void register() {
        try {
            clientKey = loop.register(client, 0, new Side(true));
            upstreamKey = loop.register(upstream, SelectionKey.OP_CONNECT, new Side(false));
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> label + ": closed before it was registered: " + e);
            terminate();
            return;
        }
        if (upstream.isConnected()) {
            connected();
        }
    }

    private void connectTimedOut() {
        if (!terminated.get() && upstream.isConnectionPending()) {
            LOG.log(System.Logger.Level.INFO, () -> label + ": unable to open connection to upstream: timed out after "
                    + runtime.connectTimeout());
            terminate();
        }
    }

    private void connected() {
        connectTimer.cancel(false);
        if (!onConnected.test(this)) {
            terminate();
            return;
        }
        service();
    }

    /** Flushes both outboxes and sets what the loop waits for on each socket; on the loop thread. */
    private void service() {
        if (terminated.get() || clientKey == null) {
            return;
        }
        if (closing.get() && !up.outbox().hasData() && !down.outbox().hasData()) {
            terminate();
            return;
        }
        if (!upstream.isConnected()) {
            return;
        }
        try {
            flush(up);
            flush(down);
        } catch (LinkBrokenException e) {
            LOG.log(System.Logger.Level.DEBUG, e::getMessage);
            terminate();
            return;
        }
        if (terminated.get()) {
            return;
        }
        if (closing.get() && !up.outbox().hasData() && !down.outbox().hasData()) {
            terminate();
            return;
        }
        interest(clientKey, !closing.get() && up.wantsRead(), down.outbox().pending());
        interest(upstreamKey, !closing.get() && down.wantsRead(), up.outbox().pending());
    }

    private void flush(Link link) {
        if (link.outbox().flush() && finishedLinks.incrementAndGet() == 2) {
            close();
        }
    }

    private static void interest(SelectionKey key, boolean read, boolean write) {
        if (key.isValid()) {
            int ops = (read ? SelectionKey.OP_READ : 0) | (write ? SelectionKey.OP_WRITE : 0);
            if (key.interestOps() != ops) {
                key.interestOps(ops);
            }
        }
    }

    /** From any thread: the loop should look at this connection again (a pump queued output). */
    void wake() {
        loop.execute(this::service);
    }

    /** Closes gracefully: stops reading, writes what is already on its way, then closes both sockets. */
    @Override
    public void close() {
        if (!closing.compareAndSet(false, true)) {
            return;
        }
        up.close();
        down.close();
        runtime.scheduler().schedule(() -> loop.execute(this::terminate), DRAIN_LIMIT.toNanos(), TimeUnit.NANOSECONDS);
        loop.execute(this::service);
    }

    /**
     * Linger 0 is set here, before anything can close the sockets (the loop closes a closing
     * connection as soon as nothing waits), so that the close is a reset, never a FIN.
     */
    @Override
    public void reset() {
        for (SocketChannel socket : List.of(client, upstream)) {
            try {
                socket.setOption(StandardSocketOptions.SO_LINGER, 0);
            } catch (IOException e) {
                LOG.log(System.Logger.Level.DEBUG, () -> label + ": linger 0 not set, socket already closed: " + e);
            }
        }
        closing.set(true);
        abort();
    }

    /** Closes both sockets at once, dropping what waits (the proxy stopped, or a write failed). */
    void abort() {
        if (loop.inLoop()) {
            terminate();
        } else {
            loop.execute(this::terminate);
        }
    }

    private void terminate() {
        if (!terminated.compareAndSet(false, true)) {
            return;
        }
        closing.set(true);
        up.close();
        down.close();
        up.outbox().discard();
        down.outbox().discard();
        closeChannel(client);
        closeChannel(upstream);
        if (onClosed != null) {
            onClosed.accept(this);
        }
        gone.countDown();
    }

    private void closeChannel(SocketChannel channel) {
        try {
            channel.close();
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

    /** Waits up to {@code millis} for the sockets to be closed and the pump threads to end. */
    void join(long millis) throws InterruptedException {
        if (gone.await(millis, TimeUnit.MILLISECONDS)) {
            up.join(millis);
            down.join(millis);
        }
    }

    @Override
    public String toString() {
        return label;
    }

    /** One of the two sockets as the loop sees it. */
    private final class Side implements IoLoop.Handler {
        private final boolean isClient;

        Side(boolean isClient) {
            this.isClient = isClient;
        }

        @Override
        public void ready(SelectionKey key) {
            if (key.isConnectable()) {
                try {
                    upstream.finishConnect();
                } catch (IOException e) {
                    LOG.log(System.Logger.Level.INFO, () -> label + ": unable to open connection to upstream: "
                            + e.getMessage());
                    terminate();
                    return;
                }
                connected();
                return;
            }
            if (key.isReadable()) {
                try {
                    (isClient ? up : down).readable(loop.readBuffer());
                } catch (LinkBrokenException e) {
                    LOG.log(System.Logger.Level.DEBUG, e::getMessage);
                    terminate();
                    return;
                }
            }
            service();
        }

        @Override
        public void abort() {
            terminate();
        }
    }
}
