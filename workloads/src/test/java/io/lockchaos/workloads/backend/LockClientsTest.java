package io.lockchaos.workloads.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.HostMapper;
import io.lockchaos.workloads.lock.LockConfig;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Configuration errors say what is wrong and list what is valid; no server is contacted. */
class LockClientsTest {

    private static LockConfig config(String backend, Map<String, String> options) {
        return new LockConfig(backend, List.of("127.0.0.1:1"), Duration.ofSeconds(10), Duration.ofSeconds(6), options);
    }

    @Test
    void anUnknownBackendListsTheValidOnes() {
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> LockClients.open(config("consul", Map.of()), HostMapper.IDENTITY));
        assertTrue(e.getMessage().startsWith("unknown lock backend 'consul'; valid backends: redis-naive, redis-sentinel,"
                + " redlock, curator, curator-cautious, redisson, redisson-lease, redisson-fenced, spring-redis, shedlock-redis"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith(String.join(", ", LockBackends.names())), e.getMessage());
    }

    @Test
    void aBackendWithTokensOfItsOwnRefusesASourceBeforeItConnects() {
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> LockClients.open(config("redisson-fenced", Map.of("tokens", "zk")), HostMapper.IDENTITY));
        assertEquals("backend redisson-fenced has tokens of its own; drop the option tokens=zk", e.getMessage());
    }

    @Test
    void anUnknownTokenSourceListsTheValidOnes() {
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> LockClients.open(config("redis-naive", Map.of("tokens", "clock")), HostMapper.IDENTITY));
        assertTrue(e.getMessage().contains("valid token sources: zk, redis-incr"), e.getMessage());
    }

    @Test
    void zkTokensNeedTheirEnsemble() {
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> LockClients.open(config("redis-naive", Map.of("tokens", "zk")), HostMapper.IDENTITY));
        assertTrue(e.getMessage().contains("token-nodes"), e.getMessage());
    }

    @Test
    void addressesParseAndBadOnesAreNamed() {
        assertEquals(new Address("redis-1", 6379), Address.parse("redis-1:6379"));
        WorkloadException e = assertThrows(WorkloadException.class, () -> Address.parse("redis-1"));
        assertTrue(e.getMessage().contains("'redis-1'"), e.getMessage());
        assertThrows(WorkloadException.class, () -> Address.parse("redis-1:port"));
    }

    @Test
    void aConfigNeedsNodesAndPositiveTimes() {
        assertThrows(WorkloadException.class, () -> new LockConfig("redis-naive", List.of(), Duration.ofSeconds(1),
                Duration.ofSeconds(1), Map.of()));
        assertThrows(WorkloadException.class, () -> new LockConfig("redis-naive", List.of("a:1"), Duration.ZERO,
                Duration.ofSeconds(1), Map.of()));
    }
}
