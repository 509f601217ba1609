package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.zerodep.ZerodepDockerHttpClient;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine watch against unix sockets of its own, as the Docker CLI's engine socket would
 * behave: one that answers {@code /_ping}, one that accepts and never answers (a stopped engine:
 * the kernel still queues connections), and one nobody listens on (a killed engine).
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class EngineWatchTest {
    private static final Duration EVERY = Duration.ofMillis(100);
    private static final Duration CALL = Duration.ofMillis(500);

    @TempDir
    Path dir;

    @Test
    void anEngineThatAnswersIsNotLost() throws IOException {
        try (FakeEngineSocket engine = new FakeEngineSocket(dir.resolve("ok.sock"), true);
             EngineWatch watch = watch(engine.path)) {
            assertEquals(Optional.empty(), watch.confirm());
            assertTrue(engine.requests() >= 1, "the watch asked the engine");
        }
    }

    @Test
    void anEngineThatAcceptsButNeverAnswersIsLostWithinItsPingTimeouts() throws IOException {
        try (FakeEngineSocket engine = new FakeEngineSocket(dir.resolve("stopped.sock"), false);
             EngineWatch watch = watch(engine.path)) {
            Optional<String> lost = watch.confirm();
            assertTrue(lost.isPresent(), "a silent engine is declared gone");
            assertTrue(lost.get().contains("stopped answering") && lost.get().contains("no answer within 500 ms")
                    && lost.get().contains(engine.path.toString()), lost.get());
            assertEquals(lost, watch.lost(), "and stays so");
        }
    }

    @Test
    void anEngineNobodyListensForIsLostAndTheThreadFindsItByItself() {
        Path nothing = dir.resolve("killed.sock");
        try (EngineWatch watch = watch(nothing)) {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (watch.lost().isEmpty() && System.nanoTime() < deadline) {
                Thread.onSpinWait();
                java.util.concurrent.locks.LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
            }
            assertTrue(watch.lost().isPresent(), "the watch thread found the engine gone within 30 s");
            assertTrue(watch.lost().get().contains("stopped answering"), watch.lost().get());
            assertTrue(EngineWatch.anyLost());
        }
    }

    private static EngineWatch watch(Path socket) {
        URI host = URI.create("unix://" + socket);
        return EngineWatch.start(host, new ZerodepDockerHttpClient.Builder().dockerHost(host).build(), EVERY, CALL);
    }

    /** A unix socket that accepts connections and answers each request OK, or never answers. */
    private static final class FakeEngineSocket implements AutoCloseable {
        final Path path;
        private final ServerSocketChannel server;
        private final List<SocketChannel> clients = new ArrayList<>();
        private final Thread thread;
        private int requests;

        FakeEngineSocket(Path path, boolean answers) throws IOException {
            this.path = path;
            this.server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(path));
            thread = new Thread(() -> serve(answers), "fake-engine");
            thread.setDaemon(true);
            thread.start();
        }

        private void serve(boolean answers) {
            try {
                while (true) {
                    SocketChannel client = server.accept();
                    synchronized (this) {
                        clients.add(client);
                    }
                    if (answers) {
                        Thread reply = new Thread(() -> answer(client));
                        reply.setDaemon(true);
                        reply.start();
                    }
                }
            } catch (IOException closed) {
                // close(): the fake engine is gone
            }
        }

        private void answer(SocketChannel client) {
            ByteBuffer in = ByteBuffer.allocate(8192);
            byte[] ok = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nOK"
                    .getBytes(StandardCharsets.US_ASCII);
            try {
                StringBuilder seen = new StringBuilder();
                while (client.read(in) >= 0) {
                    seen.append(new String(in.array(), 0, in.position(), StandardCharsets.US_ASCII));
                    in.clear();
                    while (seen.indexOf("\r\n\r\n") >= 0) {
                        seen.delete(0, seen.indexOf("\r\n\r\n") + 4);
                        synchronized (this) {
                            requests++;
                        }
                        client.write(ByteBuffer.wrap(ok));
                    }
                }
            } catch (IOException closed) {
                // the watch closed its connection
            }
        }

        synchronized int requests() {
            return requests;
        }

        @Override
        public void close() throws IOException {
            server.close();
            synchronized (this) {
                for (SocketChannel client : clients) {
                    client.close();
                }
            }
        }
    }
}
