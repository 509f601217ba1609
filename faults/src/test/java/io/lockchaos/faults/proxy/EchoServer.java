package io.lockchaos.faults.proxy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP echo server on 127.0.0.1 for tests: every byte received is sent back; a half-close is
 * answered with a close. One thread and a selector, so a burst of connections measures the
 * proxy, not this server's thread starts.
 */
final class EchoServer implements AutoCloseable {
    private final ServerSocketChannel socket;
    private final Selector selector;
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicLong received = new AtomicLong();
    private final Thread thread;
    private volatile boolean running = true;

    EchoServer() {
        try {
            socket = ServerSocketChannel.open();
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), Listener.BACKLOG);
            socket.configureBlocking(false);
            selector = Selector.open();
            socket.register(selector, SelectionKey.OP_ACCEPT);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the test echo server on 127.0.0.1", e);
        }
        thread = new Thread(this::serve, "echo");
        thread.setDaemon(true);
        thread.start();
    }

    String address() {
        return "127.0.0.1:" + socket.socket().getLocalPort();
    }

    /** Connections open now. */
    int openConnections() {
        return open.get();
    }

    /** Bytes received so far over all connections. */
    long received() {
        return received.get();
    }

    private void serve() {
        ByteBuffer buffer = ByteBuffer.allocateDirect(64 * 1024);
        try (selector) {
            while (running) {
                selector.select(key -> step(key, buffer));
            }
            for (SelectionKey key : selector.keys()) {
                key.channel().close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("test echo server failed", e);
        }
    }

    private void step(SelectionKey key, ByteBuffer buffer) {
        try {
            if (key.isAcceptable()) {
                SocketChannel client;
                while ((client = socket.accept()) != null) {
                    client.configureBlocking(false);
                    client.socket().setTcpNoDelay(true);
                    client.register(selector, SelectionKey.OP_READ, ByteBuffer.allocate(0));
                    open.incrementAndGet();
                }
            } else if (key.isReadable() || key.isWritable()) {
                echo(key, buffer);
            }
        } catch (IOException e) {
            drop(key);
        }
    }

    /** Reads what came and writes it back; what the socket did not take waits, reading paused. */
    private void echo(SelectionKey key, ByteBuffer buffer) throws IOException {
        SocketChannel client = (SocketChannel) key.channel();
        ByteBuffer unsent = (ByteBuffer) key.attachment();
        if (unsent.hasRemaining()) {
            client.write(unsent);
        } else {
            buffer.clear();
            int n = client.read(buffer);
            if (n < 0) {
                drop(key);
                return;
            }
            received.addAndGet(n);
            client.write(buffer.flip());
            if (buffer.hasRemaining()) {
                unsent = ByteBuffer.allocate(buffer.remaining()).put(buffer).flip();
                key.attach(unsent);
            }
        }
        key.interestOps(unsent.hasRemaining() ? SelectionKey.OP_WRITE : SelectionKey.OP_READ);
    }

    private void drop(SelectionKey key) {
        if (key.channel() == socket) {
            return;
        }
        key.cancel();
        try {
            key.channel().close();
        } catch (IOException e) {
            // already gone: nothing to do
        }
        open.decrementAndGet();
    }

    @Override
    public void close() throws IOException {
        running = false;
        selector.wakeup();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
