package io.lockchaos.faults.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import io.lockchaos.testkit.Await;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The server under a burst, on loopback only: 1,000 client connections opened through one proxy
 * at once, every one echoing its own bytes while all are open; then 200 toxiproxy-java calls at
 * once. Every connection and every call must succeed and the server must still answer afterwards.
 * Bounded: each phase has a deadline and the whole test a preemptive time-out.
 */
class ProxyLoadTest {
    private static final int CONNECTIONS = 1_000;
    private static final int API_CALLS = 200;
    /** Generous for a busy 2-core machine. */
    private static final Duration PHASE_LIMIT = Await.scaled(Duration.ofSeconds(120));
    /** The whole test's preemptive bound (set-up, both phases, the check after). */
    private static final Duration TEST_LIMIT = Await.scaled(Duration.ofSeconds(240));

    @Test
    void thousandConnectionsAtOnceThroughOneProxyAllEcho() {
        assertTimeoutPreemptively(TEST_LIMIT, ProxyLoadTest::thousandConnections);
    }

    @Test
    void twoHundredConcurrentApiCallsAllSucceed() {
        assertTimeoutPreemptively(TEST_LIMIT, ProxyLoadTest::twoHundredApiCalls);
    }

    /**
     * The I/O loop carries every connection of an untoxic proxy: opening hundreds starts no thread
     * per connection (before it, each started three), so a burst does not wait for thread starts.
     */
    @Test
    void connectionsThroughAnUntoxicProxyStartNoThreads() {
        assertTimeoutPreemptively(TEST_LIMIT, ProxyLoadTest::twoHundredQuietConnections);
    }

    private static void twoHundredQuietConnections() throws IOException {
        try (ServerFixture fx = new ServerFixture()) {
            Proxy proxy = fx.client.createProxy("quiet", "127.0.0.1:0", fx.echo.address());
            String listen = proxy.getListen();
            InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(),
                    Integer.parseInt(listen.substring(listen.lastIndexOf(':') + 1)));
            int before = ManagementFactory.getThreadMXBean().getThreadCount();
            List<Peer> peers = new ArrayList<>();
            try {
                for (int i = 0; i < 200; i++) {
                    Peer peer = Peer.connect(address.getPort(), PHASE_LIMIT);
                    peers.add(peer);
                    peer.roundTrip(new byte[] {(byte) i});
                }
                int during = ManagementFactory.getThreadMXBean().getThreadCount();
                assertTrue(during - before < 20, "200 open proxied connections went with " + (during - before)
                        + " more threads (" + before + " before, " + during + " with them open)");
            } finally {
                for (Peer peer : peers) {
                    peer.close();
                }
            }
        }
    }

    private static void thousandConnections() throws IOException, InterruptedException {
        try (ServerFixture fx = new ServerFixture()) {
            Proxy proxy = fx.client.createProxy("burst", "127.0.0.1:0", fx.echo.address());
            String listen = proxy.getListen();
            InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(),
                    Integer.parseInt(listen.substring(listen.lastIndexOf(':') + 1)));

            int openAtOnce = echoThroughAll(address, CONNECTIONS, fx.echo);

            assertEquals(CONNECTIONS, openAtOnce, "upstream connections open while every client was connected");
            assertServerStillServes(fx, listen);
        }
    }

    private static void twoHundredApiCalls() throws Exception {
        try (ServerFixture fx = new ServerFixture()) {
            Proxy shared = fx.client.createProxy("shared", "127.0.0.1:0", fx.echo.address());
            ExecutorService callers = Executors.newFixedThreadPool(API_CALLS);
            try {
                CountDownLatch go = new CountDownLatch(1);
                List<Future<?>> calls = new ArrayList<>();
                for (int i = 0; i < API_CALLS; i++) {
                    int call = i;
                    calls.add(callers.submit(() -> {
                        go.await();
                        return apiCall(fx, shared, call);
                    }));
                }
                go.countDown();
                long deadline = System.nanoTime() + PHASE_LIMIT.toNanos();
                for (Future<?> call : calls) {
                    call.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                }
            } finally {
                callers.shutdownNow();
            }
            assertEquals(1 + API_CALLS / 4, fx.client.getProxies().size(), "every proxy created, none twice");
            assertEquals(API_CALLS / 4, fx.client.getProxy("shared").toxics().getAll().size(),
                    "every toxic added to the shared proxy");
            assertServerStillServes(fx, shared.getListen());
        }
    }

    /** A quarter each: create a proxy, add a toxic to the shared proxy, list proxies, read the version. */
    private static Object apiCall(ServerFixture fx, Proxy shared, int call) throws IOException {
        ToxiproxyClient client = fx.client;
        return switch (call % 4) {
            case 0 -> client.createProxy("p" + call, "127.0.0.1:0", fx.echo.address()).getName();
            case 1 -> shared.toxics().latency("t" + call, ToxicDirection.DOWNSTREAM, 0).getName();
            case 2 -> client.getProxies().size();
            default -> client.version();
        };
    }

    /**
     * Opens {@code count} connections to {@code address} without waiting for any, sends each its
     * own 4-byte number, and reads it back on each while all stay open. Returns how many upstream
     * connections the echo server held at that moment.
     */
    private static int echoThroughAll(InetSocketAddress address, int count, EchoServer echo) throws IOException {
        List<SocketChannel> channels = new ArrayList<>();
        try (Selector selector = Selector.open()) {
            for (int i = 0; i < count; i++) {
                SocketChannel channel = SocketChannel.open();
                channels.add(channel);
                channel.configureBlocking(false);
                boolean connected = channel.connect(address);
                ByteBuffer out = ByteBuffer.allocate(Integer.BYTES).putInt(i).flip();
                channel.register(selector, connected ? SelectionKey.OP_WRITE : SelectionKey.OP_CONNECT,
                        new Exchange(i, out, ByteBuffer.allocate(Integer.BYTES)));
            }
            int echoed = 0;
            long deadline = System.nanoTime() + PHASE_LIMIT.toNanos();
            while (echoed < count) {
                if (System.nanoTime() > deadline) {
                    fail("only " + echoed + " of " + count + " connections echoed within " + PHASE_LIMIT);
                }
                selector.select(1_000);
                for (SelectionKey key : selector.selectedKeys()) {
                    echoed += step(key) ? 1 : 0;
                }
                selector.selectedKeys().clear();
            }
            return echo.openConnections();
        } finally {
            for (SocketChannel channel : channels) {
                channel.close();
            }
        }
    }

    /** One connection's bytes: its number going out, the echo coming back. */
    private record Exchange(int number, ByteBuffer out, ByteBuffer in) {
    }

    /** Advances one connection; true when its echo has come back whole and correct. */
    private static boolean step(SelectionKey key) throws IOException {
        SocketChannel channel = (SocketChannel) key.channel();
        Exchange exchange = (Exchange) key.attachment();
        if (key.isConnectable()) {
            channel.finishConnect();
            key.interestOps(SelectionKey.OP_WRITE);
        } else if (key.isWritable()) {
            channel.write(exchange.out());
            if (!exchange.out().hasRemaining()) {
                key.interestOps(SelectionKey.OP_READ);
            }
        } else if (key.isReadable()) {
            if (channel.read(exchange.in()) < 0) {
                fail("connection " + exchange.number() + " closed before its echo came back");
            }
            if (!exchange.in().hasRemaining()) {
                assertEquals(exchange.number(), exchange.in().flip().getInt(), "echo of connection " + exchange.number());
                key.interestOps(0);
                return true;
            }
        }
        return false;
    }

    private static void assertServerStillServes(ServerFixture fx, String listen) throws IOException {
        assertEquals(ToxiproxyServer.VERSION, fx.client.version());
        try (Peer peer = Peer.connect(listen, Duration.ofSeconds(10))) {
            peer.send(new byte[] {42});
            assertEquals(42, peer.read(1)[0]);
        }
        assertTrue(fx.client.getProxies().size() >= 1);
    }
}
