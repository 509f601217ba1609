package io.lockchaos.faults.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.faults.proxy.ToxiproxyServer;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Inject and heal through the real client against the in-process server (no data flows). */
class ToxiproxyLinksTest {

    private static final LinkTarget REDIS = () -> "redis-1";
    private static final LinkTarget ZK = () -> "zk-1";

    private ToxiproxyServer server;
    private ToxiproxyLinks links;

    @BeforeEach
    void start() throws IOException {
        server = ToxiproxyServer.start("127.0.0.1", 0);
        links = new ToxiproxyLinks("127.0.0.1", server.port());
        links.client().createProxy(REDIS.name(), "127.0.0.1:0", "127.0.0.1:6379");
        links.client().createProxy(ZK.name(), "127.0.0.1:0", "127.0.0.1:2181");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aFaultHealsOnCloseAndClosingTwiceIsHarmless() {
        ActiveLinkFault slow = links.latency(REDIS, Duration.ofMillis(200), Duration.ofMillis(50));
        assertEquals(1, links.toxicNames(REDIS).size(), slow.description());
        assertTrue(links.toxicNames(REDIS).get(0).startsWith("latency-downstream-"));
        slow.close();
        assertTrue(slow.isHealed());
        assertEquals(List.of(), links.toxicNames(REDIS));
        slow.close();
        assertEquals(List.of(), links.toxicNames(REDIS));
    }

    @Test
    void overlappingFaultsHealSeparately() {
        try (ActiveLinkFault slow = links.latency(REDIS, Duration.ofMillis(10), Duration.ZERO)) {
            try (ActiveLinkFault thin = links.bandwidth(REDIS, 64)) {
                assertEquals(2, links.toxicNames(REDIS).size(), thin.description());
            }
            assertEquals(1, links.toxicNames(REDIS).size(), slow.description());
        }
        assertEquals(List.of(), links.toxicNames(REDIS));
    }

    @Test
    void blackholeActsBothWays() {
        try (ActiveLinkFault hole = links.blackhole(REDIS)) {
            List<String> names = links.toxicNames(REDIS);
            assertEquals(2, names.size(), names.toString());
            assertTrue(names.stream().anyMatch(n -> n.startsWith("timeout-upstream-")), names.toString());
            assertTrue(names.stream().anyMatch(n -> n.startsWith("timeout-downstream-")), names.toString());
        }
        assertEquals(List.of(), links.toxicNames(REDIS));
    }

    @Test
    void healAllRemovesEveryToxicAndLaterClosesAreHarmless() throws IOException {
        ActiveLinkFault reset = links.resetPeer(REDIS, Duration.ofMillis(100));
        ActiveLinkFault timeout = links.timeout(ZK, Duration.ofSeconds(1));
        ActiveLinkFault off = links.disable(ZK);
        assertFalse(links.client().getProxy(ZK.name()).isEnabled());
        List<String> onRedis = links.toxicNames(REDIS);
        List<String> onZk = links.toxicNames(ZK);
        LinkReset found = links.healAll();
        assertEquals(java.util.Map.of(REDIS.name(), onRedis, ZK.name(), onZk), found.toxics(), "names what it removed");
        assertEquals(List.of(ZK.name()), found.enabled(), "names the proxy it enabled again");
        assertEquals(List.of(), links.toxicNames(REDIS));
        assertEquals(List.of(), links.toxicNames(ZK));
        assertTrue(links.client().getProxy(ZK.name()).isEnabled());
        reset.close();
        timeout.close();
        off.close();
        assertEquals(new LinkReset(java.util.Map.of(), List.of()), links.healAll(), "nothing left the second time");
        assertTrue(links.client().getProxy(ZK.name()).isEnabled());
    }

    @Test
    void disableHealsByEnabling() throws IOException {
        try (ActiveLinkFault off = links.disable(REDIS)) {
            assertFalse(links.client().getProxy(REDIS.name()).isEnabled(), off.description());
        }
        assertTrue(links.client().getProxy(REDIS.name()).isEnabled());
    }

    @Test
    void anUnknownProxyIsNamedInTheError() {
        LinkFaultException e = assertThrows(LinkFaultException.class,
                () -> links.latency(() -> "redis-9", Duration.ofMillis(1), Duration.ZERO));
        assertTrue(e.getMessage().contains("redis-9"), e.getMessage());
    }

    @Test
    void aDeadApiIsReportedOnHeal() {
        ActiveLinkFault slow = links.latency(REDIS, Duration.ofMillis(5), Duration.ZERO);
        server.close();
        assertThrows(LinkFaultException.class, slow::close);
        assertFalse(slow.isHealed());
        assertThrows(LinkFaultException.class, links::healAll);
    }

    @Test
    void negativeAttributesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new LinkToxic.Latency(Duration.ofMillis(-1), Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> new LinkToxic.Bandwidth(-1));
    }
}
