package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import io.lockchaos.faults.link.ActiveLinkFault;
import io.lockchaos.faults.link.ToxiproxyLinks;
import io.lockchaos.testkit.Await;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisConnectionException;

/** Link toxics on a Redis node's proxy, seen by real clients connected through it. */
@Tag("chaos")
class ToxiproxyLinksIT {

    private static final int PINGS = 15;
    private static final Duration WAIT = Duration.ofSeconds(30);

    private static Cluster cluster;
    private static Node redis;
    private static ToxiproxyLinks links;

    @BeforeAll
    static void start() {
        cluster = Clusters.start(Topology.REDIS_SINGLE, ClusterOptions.DEFAULTS);
        redis = cluster.node("redis-1");
        links = cluster.links();
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            String runId = cluster.runId();
            cluster.close();
            assertEquals(0, Docker.resourcesOf(runId), "containers or network of run " + runId + " left behind");
        }
    }

    @AfterEach
    void heal() {
        links.healAll();
    }

    private static Jedis viaProxy(Node node, int timeoutMillis) {
        return new Jedis(node.host(), node.proxyPort(), timeoutMillis);
    }

    @Test
    void latencyAddsItsDelayToARoundTrip() {
        try (Jedis jedis = viaProxy(redis, 10_000)) {
            double baseline = medianPingMillis(jedis);
            double slowed;
            try (ActiveLinkFault slow = links.latency(redis, Duration.ofMillis(200), Duration.ZERO)) {
                slowed = medianPingMillis(jedis);
            }
            double added = slowed - baseline;
            System.out.printf("latency toxic 200 ms: median PING %.2f ms before, %.2f ms with it (+%.1f ms)%n",
                    baseline, slowed, added);
            assertTrue(added >= 160 && added <= 240, String.format(
                    "a 200 ms latency toxic added %.1f ms (baseline %.1f ms, with toxic %.1f ms)", added, baseline, slowed));
            assertTrue(medianPingMillis(jedis) < baseline + 100, "healed: the delay is gone");
        }
    }

    private static double medianPingMillis(Jedis jedis) {
        jedis.ping();
        double[] millis = new double[PINGS];
        for (int i = 0; i < PINGS; i++) {
            long t0 = System.nanoTime();
            assertEquals("PONG", jedis.ping());
            millis[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(millis);
        return millis[PINGS / 2];
    }

    @Test
    void timeoutBlocksClientsAndHealingClosesTheirConnections() throws IOException {
        try (Jedis blocked = viaProxy(redis, 1000); Socket held = new Socket(redis.host(), redis.proxyPort())) {
            assertEquals("PONG", blocked.ping());
            assertEquals("+PONG", ping(held));
            ActiveLinkFault timeout = links.timeout(redis, Duration.ZERO);
            JedisConnectionException e = assertThrows(JedisConnectionException.class, blocked::ping);
            assertInstanceOf(SocketTimeoutException.class, rootCause(e), e.toString());
            held.setSoTimeout(1000);
            held.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            assertThrows(SocketTimeoutException.class, () -> held.getInputStream().read());
            timeout.close();
            held.setSoTimeout((int) Await.scaled(WAIT).toMillis());
            assertTrue(closedByPeer(held.getInputStream()), "healing the timeout closes the connection it held");
        }
        try (Jedis fresh = viaProxy(redis, 5000)) {
            assertEquals("PONG", fresh.ping());
        }
    }

    /** Sends PING in RESP and returns the reply line. */
    private static String ping(Socket socket) throws IOException {
        socket.setSoTimeout(5000);
        socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
        StringBuilder line = new StringBuilder();
        int c;
        while ((c = socket.getInputStream().read()) != '\n' && c >= 0) {
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    /** Whether the peer closed (end of stream or reset) rather than the read timing out. */
    private static boolean closedByPeer(InputStream in) throws IOException {
        try {
            return in.read() < 0;
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (SocketException reset) {
            return true;
        }
    }

    private static Throwable rootCause(Throwable t) {
        Throwable cause = t;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    @Test
    void aDisabledProxyRefusesClientsUntilEnabled() {
        try (Jedis before = viaProxy(redis, 5000)) {
            assertEquals("PONG", before.ping());
            try (ActiveLinkFault off = links.disable(redis)) {
                assertThrows(JedisConnectionException.class, before::ping, "its connections are closed");
                assertThrows(JedisConnectionException.class, () -> {
                    try (Jedis during = viaProxy(redis, 2000)) {
                        during.ping();
                    }
                }, "new connections are refused");
            }
        }
        Await.until(WAIT, "the re-enabled proxy answers", () -> {
            try (Jedis after = viaProxy(redis, 2000)) {
                return "PONG".equals(after.ping());
            }
        });
    }

    @Test
    void healAllRemovesEveryToxicOnEveryProxy() {
        Node storage = cluster.node("storage");
        ActiveLinkFault slow = links.latency(redis, Duration.ofMillis(500), Duration.ofMillis(50));
        links.bandwidth(storage, 1);
        links.resetPeer(storage, Duration.ofMillis(10));
        assertEquals(1, links.toxicNames(redis).size());
        assertEquals(2, links.toxicNames(storage).size());
        links.healAll();
        assertEquals(0, links.toxicNames(redis).size());
        assertEquals(0, links.toxicNames(storage).size());
        slow.close();
        try (Jedis jedis = viaProxy(storage, 5000)) {
            assertEquals("PONG", jedis.ping());
        }
    }

    @Test
    void duplicateNamesAreRefusedWithConflict() throws IOException {
        IOException proxy = assertThrows(IOException.class, () -> links.client()
                .createProxy(redis.name(), "0.0.0.0:" + (redis.proxyInternalPort() + 100), redis.name() + ":6379"));
        assertTrue(proxy.getMessage().contains("409"), proxy.getMessage());
        Proxy p = links.client().getProxy(redis.name());
        p.toxics().latency("twice", ToxicDirection.DOWNSTREAM, 5);
        IOException toxic = assertThrows(IOException.class,
                () -> p.toxics().latency("twice", ToxicDirection.DOWNSTREAM, 5));
        assertTrue(toxic.getMessage().contains("409"), toxic.getMessage());
        assertEquals(1, links.toxicNames(redis).size());
        assertFalse(links.client().getProxies().isEmpty());
    }
}
