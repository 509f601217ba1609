package io.lockchaos.faults.proxy;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.function.BiConsumer;

/**
 * A proxy's listening socket and its accept thread; closing it stops accepting at once. The
 * thread only accepts and hands each socket on: connecting to the upstream is the I/O loop's, so
 * a burst of clients is accepted as fast as the kernel queues them.
 */
final class Listener implements AutoCloseable {
    /**
     * Accept backlog of every listening socket (the API's and each proxy's): Toxiproxy's Go
     * listeners get the kernel's {@code somaxconn} (4096 on current Linux); Java's default of 50
     * makes the kernel drop SYNs in a burst of connections, each costing the client a 1 s retry.
     */
    static final int BACKLOG = 4096;
    private static final System.Logger LOG = System.getLogger(Listener.class.getName());

    private final ServerSocketChannel socket;
    private final Thread acceptor;

    private Listener(ServerSocketChannel socket, String label, BiConsumer<Listener, SocketChannel> onAccept) {
        this.socket = socket;
        this.acceptor = new Thread(() -> acceptLoop(label, onAccept), label + " acceptor");
        this.acceptor.setDaemon(true);
    }

    /** Binds {@code address} and starts accepting; each accepted socket goes to {@code onAccept} with this listener. */
    static Listener open(HostPort address, String label, BiConsumer<Listener, SocketChannel> onAccept) {
        ServerSocketChannel socket = null;
        try {
            socket = ServerSocketChannel.open();
            socket.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            socket.bind(address.resolve(), BACKLOG);
        } catch (IOException e) {
            closeQuietly(socket, label);
            throw new ApiException(500, "listen tcp " + address + ": " + e.getMessage(), e);
        }
        Listener listener = new Listener(socket, label, onAccept);
        listener.acceptor.start();
        return listener;
    }

    InetSocketAddress address() {
        return (InetSocketAddress) socket.socket().getLocalSocketAddress();
    }

    private void acceptLoop(String label, BiConsumer<Listener, SocketChannel> onAccept) {
        while (socket.isOpen()) {
            try {
                onAccept.accept(this, socket.accept());
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                if (socket.isOpen()) {
                    LOG.log(System.Logger.Level.WARNING, label + ": accept failed; still listening", e);
                }
            }
        }
    }

    @Override
    public void close() {
        closeQuietly(socket, "listener " + socket.socket().getLocalSocketAddress());
        try {
            acceptor.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(ServerSocketChannel socket, String label) {
        if (socket == null) {
            return;
        }
        try {
            socket.close();
        } catch (IOException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> label + ": close failed: " + e);
        }
    }
}
