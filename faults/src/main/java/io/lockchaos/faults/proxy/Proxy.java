package io.lockchaos.faults.proxy;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One named proxy: a listener that, for every client it accepts, opens a connection to the
 * upstream and joins the two through the proxy's {@link ToxicChain}. Disabling it stops listening
 * (new connections are refused) and closes every open connection; enabling listens again.
 */
final class Proxy implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger(Proxy.class.getName());
    private static final long JOIN_MILLIS = 2_000;

    private final String name;
    private final ProxyRuntime runtime;
    private final ToxicChain toxics = new ToxicChain();
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private String listen; // guarded by this
    private String upstream; // guarded by this
    private Listener listener; // guarded by this; null while disabled

    Proxy(ProxySpec spec, ProxyRuntime runtime) {
        this.name = spec.name();
        this.listen = spec.listen() == null ? "" : spec.listen();
        this.upstream = spec.upstream();
        this.runtime = runtime;
    }

    String name() {
        return name;
    }

    ToxicChain toxics() {
        return toxics;
    }

    synchronized ProxyState state() {
        return new ProxyState(name, listen, upstream, listener != null);
    }

    /** Starts listening; false if already listening. Fails with status 500 if the address cannot be bound. */
    synchronized boolean start() {
        if (listener != null) {
            return false;
        }
        String target = upstream;
        listener = Listener.open(HostPort.parse(listen), "proxy " + name,
                (owner, client) -> accepted(owner, client, target));
        listen = HostPort.format(listener.address());
        LOG.log(System.Logger.Level.INFO, () -> "proxy " + name + " listening on " + listen + ", upstream " + target);
        return true;
    }

    /** Stops listening and closes every connection; no-op if already stopped. */
    synchronized void stop() {
        if (listener == null) {
            return;
        }
        listener.close();
        listener = null;
        for (Connection connection : List.copyOf(connections)) {
            connection.abort();
        }
    }

    /**
     * Toxiproxy's update: a new listen or upstream address restarts the proxy (dropping its
     * connections); then {@code enabled} starts or stops it.
     */
    synchronized void update(String newListen, String newUpstream, boolean enabled) {
        if (differs(newListen, newUpstream)) {
            stop();
            listen = newListen;
            upstream = newUpstream;
        }
        if (enabled && listener == null) {
            start();
        } else if (!enabled) {
            stop();
        }
    }

    /** True if {@code otherListen} (resolved) or {@code otherUpstream} differ from this proxy's. */
    synchronized boolean differs(String otherListen, String otherUpstream) {
        return !HostPort.parse(otherListen).canonical().equals(listen)
                || !Objects.equals(upstream, otherUpstream);
    }

    /**
     * On the listener's thread: starts connecting to the upstream without waiting; the server's
     * I/O loop finishes the connect and, if the listener is still this proxy's, joins the two.
     */
    private void accepted(Listener owner, SocketChannel client, String target) {
        String label = "proxy " + name + " " + remoteAddress(client);
        SocketChannel server = null;
        try {
            client.configureBlocking(false);
            client.setOption(StandardSocketOptions.TCP_NODELAY, true);
            server = SocketChannel.open();
            server.configureBlocking(false);
            server.setOption(StandardSocketOptions.TCP_NODELAY, true);
            server.connect(HostPort.parse(target).resolve());
        } catch (IOException | ApiException e) {
            LOG.log(System.Logger.Level.INFO, () -> label + ": unable to open connection to upstream " + target + ": " + e.getMessage());
            closeQuietly(client, label);
            closeQuietly(server, label);
            return;
        }
        new Connection(label, client, server, runtime).start(connection -> joined(owner, connection), this::closed);
    }

    /** On the loop, once the upstream answered: false if the proxy stopped (or restarted) meanwhile. */
    private synchronized boolean joined(Listener owner, Connection connection) {
        if (listener != owner) {
            return false;
        }
        connections.add(connection);
        toxics.attach(connection);
        return true;
    }

    private static String remoteAddress(SocketChannel channel) {
        try {
            return String.valueOf(channel.getRemoteAddress());
        } catch (IOException e) {
            return "(closed)";
        }
    }

    private void closed(Connection connection) {
        connections.remove(connection);
        toxics.detach(connection);
    }

    private static void closeQuietly(SocketChannel socket, String label) {
        if (socket == null) {
            return;
        }
        try {
            socket.close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> label + ": close failed: " + e);
        }
    }

    /** Open connections (for tests and the benchmark). */
    int connectionCount() {
        return connections.size();
    }

    /** Stops the proxy and waits (bounded) for its connections to close and their pump threads to end. */
    @Override
    public void close() {
        List<Connection> open = List.copyOf(connections);
        stop();
        try {
            for (Connection connection : open) {
                connection.join(JOIN_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
