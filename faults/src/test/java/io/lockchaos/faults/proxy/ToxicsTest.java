package io.lockchaos.faults.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import eu.rekawek.toxiproxy.model.toxic.Timeout;
import io.lockchaos.faults.proxy.Peer.ReadOutcome;
import io.lockchaos.testkit.Await;
import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What each toxic does to real TCP traffic through the proxy (echo upstream on 127.0.0.1). */
class ToxicsTest {
    private static final Duration READ = Duration.ofSeconds(10);
    private static final Duration QUIET = Duration.ofMillis(300);
    private static final byte[] PING = "ping-0123456789".getBytes();

    private final ServerFixture fx = new ServerFixture();
    private Proxy proxy;

    @BeforeEach
    void createProxy() throws IOException {
        proxy = fx.client.createProxy("echo", "127.0.0.1:0", fx.echo.address());
    }

    @AfterEach
    void stop() throws IOException {
        fx.close();
    }

    private Peer connect(Duration readTimeout) throws IOException {
        return Peer.connect(proxy.getListen(), readTimeout);
    }

    /** The round trips of {@code count} pings, in ns, sorted. */
    private static long[] sortedRoundTripNanos(Peer peer, int count) throws IOException {
        long[] samples = new long[count];
        for (int i = 0; i < count; i++) {
            samples[i] = peer.roundTrip(PING);
        }
        Arrays.sort(samples);
        return samples;
    }

    /*
     * Wall time here: a toxic's delay is a lower bound by construction (a chunk leaves no sooner
     * than its delay after the proxy read it, and the client's clock started before that), so
     * lower bounds are asserted as they are, on any machine. Upper bounds only tell "once" from
     * "twice" or "pipelined" from "one chunk after another", and a loaded machine adds its own
     * delays to them: they are scaled by -Dlockchaos.timeoutFactor (Await.scaled).
     */

    @Test
    void latencyAddsItsDelayToARoundTripOfAnOpenConnection() throws IOException {
        try (Peer peer = connect(READ)) {
            sortedRoundTripNanos(peer, 20);
            proxy.toxics().latency("slow", ToxicDirection.DOWNSTREAM, 200);
            long[] slowed = sortedRoundTripNanos(peer, 7);
            double medianMillis = slowed[slowed.length / 2] / 1e6;
            // At least the delay; and each chunk is delayed once, not on the way in and again on the way out.
            Duration twice = Await.scaled(Duration.ofMillis(400));
            assertTrue(medianMillis >= 200 && medianMillis < twice.toMillis(), "the median round trip through a"
                    + " 200 ms latency toxic took " + medianMillis + " ms, not from 200 to " + twice.toMillis()
                    + " ms (twice the delay, scaled)");
        }
    }

    @Test
    void latencyDelaysAStreamWithoutThrottlingIt() throws IOException {
        proxy.toxics().latency("slow", ToxicDirection.DOWNSTREAM, 200);
        byte[] data = new byte[4_000_000];
        new Random(4).nextBytes(data);
        try (Peer peer = connect(READ)) {
            long start = System.nanoTime();
            Thread writer = new Thread(() -> sendQuietly(peer, data));
            writer.start();
            assertArrayEquals(data, peer.read(data.length));
            double millis = (System.nanoTime() - start) / 1e6;
            // Hundreds of chunks: delayed one after another they would take minutes; pipelined, ~200 ms.
            Duration pipelined = Await.scaled(Duration.ofSeconds(5));
            assertTrue(millis >= 200 && millis < pipelined.toMillis(), "4 MB through a 200 ms latency toxic took "
                    + millis + " ms, not from 200 ms to " + pipelined.toMillis() + " ms (scaled)");
        }
    }

    @Test
    void timeoutHoldsDataAndItsRemovalClosesTheConnection() throws IOException {
        try (Peer peer = connect(READ)) {
            peer.roundTrip(PING);
            Timeout timeout = proxy.toxics().timeout("stuck", ToxicDirection.UPSTREAM, 0);
            peer.send(PING);
            peer.readTimeout(QUIET);
            assertEquals(ReadOutcome.NOTHING, peer.nextRead(), "data must not get through a timeout toxic");
            assertEquals(PING.length, fx.echo.received(), "only the first ping reached the upstream");
            timeout.remove();
            Await.until(READ, "the held connection closes", () -> {
                ReadOutcome outcome = peer.nextRead();
                return outcome == ReadOutcome.EOF || outcome == ReadOutcome.RESET;
            });
        }
    }

    @Test
    void timeoutWithADurationClosesTheConnectionByItself() throws IOException {
        proxy.toxics().timeout("closing", ToxicDirection.DOWNSTREAM, 200);
        try (Peer peer = connect(READ)) {
            peer.send(PING);
            ReadOutcome outcome = peer.nextRead();
            assertTrue(outcome == ReadOutcome.EOF || outcome == ReadOutcome.RESET, "got " + outcome);
        }
    }

    @Test
    void bandwidthLimitsTheRate() throws IOException {
        proxy.toxics().bandwidth("narrow", ToxicDirection.DOWNSTREAM, 200);
        byte[] data = new byte[300_000];
        new Random(1).nextBytes(data);
        try (Peer peer = connect(READ)) {
            long start = System.nanoTime();
            Thread writer = new Thread(() -> sendQuietly(peer, data));
            writer.start();
            byte[] back = peer.read(data.length);
            double seconds = (System.nanoTime() - start) / 1e9;
            assertArrayEquals(data, back);
            double kbPerSecond = data.length / 1000.0 / seconds;
            // At most the rate (and a little for the first chunk's head start); at least a quarter
            // of it, less on a slow machine: a lower bound on a rate is an upper bound on time.
            double slowest = 200 / (4.0 * Await.factor());
            assertTrue(kbPerSecond <= 200 * 1.1 && kbPerSecond >= slowest,
                    "200 KB/s toxic let " + kbPerSecond + " KB/s through, not from " + slowest + " to 220 KB/s");
        }
    }

    private static void sendQuietly(Peer peer, byte[] data) {
        try {
            peer.send(data);
        } catch (IOException e) {
            throw new AssertionError("sending through the proxy failed", e);
        }
    }

    @Test
    void resetPeerResetsTheConnection() throws IOException {
        try (Peer peer = connect(READ)) {
            peer.roundTrip(PING);
            proxy.toxics().resetPeer("rst", ToxicDirection.UPSTREAM, 0);
            peer.send(PING);
            assertEquals(ReadOutcome.RESET, peer.nextRead());
        }
    }

    @Test
    void limitDataClosesAfterTheLimit() throws IOException {
        proxy.toxics().limitData("ten", ToxicDirection.DOWNSTREAM, 10);
        byte[] data = new byte[100];
        new Random(2).nextBytes(data);
        try (Peer peer = connect(READ)) {
            peer.send(data);
            assertArrayEquals(Arrays.copyOf(data, 10), peer.readToEnd());
        }
    }

    @Test
    void slicerDeliversEveryByteInOrder() throws IOException {
        proxy.toxics().slicer("crumbs", ToxicDirection.DOWNSTREAM, 16, 20).setSizeVariation(8);
        byte[] data = new byte[20_000];
        new Random(3).nextBytes(data);
        try (Peer peer = connect(READ)) {
            peer.send(data);
            assertArrayEquals(data, peer.read(data.length));
        }
    }

    @Test
    void slowCloseDelaysTheClose() throws IOException {
        proxy.toxics().slowClose("lingering", ToxicDirection.DOWNSTREAM, 300);
        try (Peer peer = connect(READ)) {
            peer.roundTrip(PING);
            // The client half-closes; the upstream echo closes in turn; that close reaches the client late.
            peer.halfClose();
            long start = System.nanoTime();
            assertEquals(ReadOutcome.EOF, peer.nextRead());
            double millis = (System.nanoTime() - start) / 1e6;
            assertTrue(millis >= 250, "the close arrived after " + millis + " ms, before the 300 ms slow close");
        }
    }

    @Test
    void disableRefusesAndClosesThenEnableListensAgain() throws IOException {
        String listen = proxy.getListen();
        try (Peer peer = connect(READ)) {
            peer.roundTrip(PING);
            proxy.disable();
            ReadOutcome outcome = peer.nextRead();
            assertTrue(outcome == ReadOutcome.EOF || outcome == ReadOutcome.RESET, "got " + outcome);
        }
        assertThrows(ConnectException.class, () -> connect(READ).close());
        proxy.enable();
        assertEquals(listen, proxy.getListen(), "re-enabling listens on the same address");
        try (Peer peer = connect(READ)) {
            peer.roundTrip(PING);
        }
    }

    @Test
    void deletingAProxyClosesItsConnections() throws IOException {
        try (Peer peer = connect(READ)) {
            peer.roundTrip(PING);
            proxy.delete();
            ReadOutcome outcome = peer.nextRead();
            assertTrue(outcome == ReadOutcome.EOF || outcome == ReadOutcome.RESET, "got " + outcome);
        }
    }

    @Test
    void resetRemovesToxicsFromOpenConnections() throws IOException {
        try (Peer peer = connect(READ)) {
            peer.roundTrip(PING);
            proxy.toxics().latency("slow", ToxicDirection.UPSTREAM, 60_000);
            peer.send(PING);
            peer.readTimeout(QUIET);
            assertEquals(ReadOutcome.NOTHING, peer.nextRead());
            fx.client.reset();
            peer.readTimeout(READ); // far below the toxic's 60 s, far above a loaded machine's delays
            assertArrayEquals(PING, peer.read(PING.length), "the held ping is released at once");
        }
    }

    @Test
    void toxicityZeroNeverApplies() throws IOException, InterruptedException {
        ServerFixture.Raw created = fx.request("POST", "/proxies/echo/toxics",
                "{\"name\": \"never\", \"type\": \"timeout\", \"stream\": \"upstream\", \"toxicity\": 0,"
                        + " \"attributes\": {\"timeout\": 0}}");
        assertEquals(200, created.status());
        for (int i = 0; i < 20; i++) {
            try (Peer peer = connect(READ)) {
                peer.roundTrip(PING);
            }
        }
    }

    @Test
    void loweringToxicityToZeroLiftsAToxicFromOpenConnections() throws IOException {
        try (Peer peer = connect(QUIET)) {
            Timeout timeout = proxy.toxics().timeout("stuck", ToxicDirection.UPSTREAM, 0);
            peer.send(PING);
            assertEquals(ReadOutcome.NOTHING, peer.nextRead());
            timeout.setToxicity(0f);
            peer.readTimeout(READ);
            peer.roundTrip(PING);
        }
    }

    @Test
    void closingTheServerClosesProxiedConnections() throws IOException {
        try (Peer peer = connect(READ)) {
            peer.roundTrip(PING);
            fx.server.close();
            ReadOutcome outcome = peer.nextRead();
            assertTrue(outcome == ReadOutcome.EOF || outcome == ReadOutcome.RESET, "got " + outcome);
        }
        assertThrows(ConnectException.class, () -> connect(READ).close());
    }

    @Test
    void manyConnectionsCarryRequestsConcurrently() throws InterruptedException {
        proxy = fx.client.getProxyOrNull("echo");
        Thread[] clients = new Thread[16];
        Throwable[] failures = new Throwable[clients.length];
        for (int c = 0; c < clients.length; c++) {
            int index = c;
            clients[c] = new Thread(() -> {
                try (Peer peer = connect(READ)) {
                    for (int i = 0; i < 200; i++) {
                        peer.roundTrip(PING);
                    }
                } catch (IOException | RuntimeException e) {
                    failures[index] = e;
                }
            });
            clients[c].start();
        }
        for (Thread client : clients) {
            client.join(Await.scaled(Duration.ofSeconds(60)).toMillis());
        }
        for (Throwable failure : failures) {
            if (failure != null) {
                throw new AssertionError("a client failed", failure);
            }
        }
        assertEquals(16L * 200 * PING.length, fx.echo.received());
    }
}
