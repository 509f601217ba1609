package io.lockchaos.faults.proxy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** A TCP echo server on 127.0.0.1 for tests: every byte received is sent back. */
final class EchoServer implements AutoCloseable {
    private final ServerSocket socket;
    private final Set<Socket> clients = ConcurrentHashMap.newKeySet();
    private final AtomicLong received = new AtomicLong();

    EchoServer() {
        try {
            socket = new ServerSocket(0, Listener.BACKLOG, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the test echo server on 127.0.0.1", e);
        }
        Thread acceptor = new Thread(this::accept, "echo-acceptor");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    String address() {
        return "127.0.0.1:" + socket.getLocalPort();
    }

    /** Connections open now. */
    int openConnections() {
        return clients.size();
    }

    /** Bytes received so far over all connections. */
    long received() {
        return received.get();
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket client = socket.accept();
                client.setTcpNoDelay(true);
                clients.add(client);
                Thread echo = new Thread(() -> echo(client), "echo " + client.getRemoteSocketAddress());
                echo.setDaemon(true);
                echo.start();
            } catch (IOException e) {
                if (!socket.isClosed()) {
                    throw new UncheckedIOException("test echo server: accept failed", e);
                }
            }
        }
    }

    private void echo(Socket client) {
        byte[] buffer = new byte[16 * 1024];
        try (client; InputStream in = client.getInputStream(); OutputStream out = client.getOutputStream()) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                received.addAndGet(n);
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {
            // the peer reset or the test closed us: the echo ends either way
            clients.remove(client);
            return;
        }
        clients.remove(client);
    }

    @Override
    public void close() throws IOException {
        socket.close();
        for (Socket client : clients) {
            client.close();
        }
    }
}
