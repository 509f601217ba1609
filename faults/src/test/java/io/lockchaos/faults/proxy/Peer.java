package io.lockchaos.faults.proxy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Arrays;

/** A test client connection (to a proxy or straight to the echo server), with bounded reads. */
final class Peer implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;

    private Peer(Socket socket) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
    }

    static Peer connect(int port, Duration readTimeout) throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setTcpNoDelay(true);
        socket.setSoTimeout((int) readTimeout.toMillis());
        return new Peer(socket);
    }

    static Peer connect(String listen, Duration readTimeout) throws IOException {
        return connect(Integer.parseInt(listen.substring(listen.lastIndexOf(':') + 1)), readTimeout);
    }

    /** How long each later read may wait: short to see that nothing comes, long where data must. */
    void readTimeout(Duration timeout) throws IOException {
        socket.setSoTimeout((int) timeout.toMillis());
    }

    void send(byte[] data) throws IOException {
        socket.getOutputStream().write(data);
    }

    /** Reads exactly {@code n} bytes; fails on EOF or when a read waits longer than the timeout. */
    byte[] read(int n) throws IOException {
        byte[] data = in.readNBytes(n);
        if (data.length < n) {
            throw new IOException("EOF after " + data.length + " of " + n + " bytes");
        }
        return data;
    }

    /** Sends {@code message} to an echo server and waits for it to come back; returns nanoseconds. */
    long roundTrip(byte[] message) throws IOException {
        long start = System.nanoTime();
        send(message);
        byte[] back = read(message.length);
        long elapsed = System.nanoTime() - start;
        if (!Arrays.equals(message, back)) {
            throw new IOException("echo came back different");
        }
        return elapsed;
    }

    /** Sends FIN: no more data from this side. */
    void halfClose() throws IOException {
        socket.shutdownOutput();
    }

    /** Reads until EOF (bounded by the read timeout for each read). */
    byte[] readToEnd() throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        int n;
        while ((n = in.read(buffer)) >= 0) {
            all.write(buffer, 0, n);
        }
        return all.toByteArray();
    }

    /** What the next read sees: data, EOF, a reset, or nothing within the read timeout. */
    ReadOutcome nextRead() {
        try {
            int b = in.read();
            return b < 0 ? ReadOutcome.EOF : ReadOutcome.DATA;
        } catch (SocketTimeoutException e) {
            return ReadOutcome.NOTHING;
        } catch (IOException e) {
            return e.getMessage() != null && e.getMessage().contains("reset") ? ReadOutcome.RESET : ReadOutcome.ERROR;
        }
    }

    enum ReadOutcome { DATA, EOF, RESET, NOTHING, ERROR }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
