package io.lockchaos.workloads.backend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.lock.LockBackend;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.workloads.lock.LockOption;
import io.lockchaos.workloads.lock.Tokens;
import io.lockchaos.workloads.lock.TopologyName;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The backend list: names, topologies, own tokens and options, as scenarios are checked against them. */
class LockBackendsTest {

    @Test
    void theTypedNamesAreTheBuiltInBackendsInOrder() {
        assertEquals(LockBackends.names(), java.util.Arrays.stream(Backend.values()).map(Backend::id).toList());
    }

    @Test
    void hazelcastsFencedLockAndCuratorsMutexAreReentrantWithTheSameTokenAndNoOtherIsDeclared() {
        for (LockBackend b : LockBackends.BUILT_IN) {
            boolean reentrant = List.of("hazelcast-fenced", "curator", "curator-cautious").contains(b.name());
            assertEquals(reentrant ? io.lockchaos.history.ops.Reentrancy.SAME_TOKEN : io.lockchaos.history.ops.Reentrancy.NONE,
                    b.reentrancy(), b.name());
        }
        assertEquals(io.lockchaos.history.ops.Reentrancy.NONE, LockBackends.CLASS.reentrancy());
    }

    @Test
    void everyBuiltInBackendIsListedOnceWithItsTopology() {
        assertEquals(List.of("redis-naive", "redis-sentinel", "redlock", "curator", "curator-cautious", "redisson",
                "redisson-lease", "redisson-fenced", "spring-redis", "shedlock-redis", "etcd"), LockBackends.names().subList(0, 11));
        assertTrue(LockBackends.names().containsAll(List.of("pg-advisory", "pg-advisory-xact")), LockBackends.names().toString());
        assertEquals(LockBackends.names().size(), new java.util.HashSet<>(LockBackends.names()).size(), "each listed once");
        assertTrue(LockBackends.of("redis-sentinel").runsOn(TopologyName.REDIS_REPLICATED));
        assertFalse(LockBackends.of("redis-sentinel").runsOn(TopologyName.REDIS_SINGLE));
        assertEquals(List.of(TopologyName.ZOOKEEPER), LockBackends.of("curator-cautious").topologies());
        assertEquals("redis-single, redis-replicated", LockBackends.of("redisson").topologyNames());
    }

    @Test
    void eachBackendNamesWhatTimesItsGrants() {
        java.time.Duration ttl = java.time.Duration.ofSeconds(10);
        java.time.Duration session = java.time.Duration.ofSeconds(5);
        assertEquals(java.util.Map.of("ttl", ttl), LockBackends.of("redis-naive").timescales(ttl, session));
        assertEquals(java.util.Map.of("ttl", ttl), LockBackends.of("redlock").timescales(ttl, session));
        assertEquals(java.util.Map.of("session-timeout", session), LockBackends.of("curator").timescales(ttl, session));
        assertEquals(java.util.Map.of("session-timeout", session),
                LockBackends.of("curator-cautious").timescales(ttl, session));
        assertEquals(java.util.Map.of("watchdog", ttl), LockBackends.of("redisson").timescales(ttl, session));
        assertEquals(java.util.Map.of("lease", ttl), LockBackends.of("redisson-lease").timescales(ttl, session));
        assertEquals(java.util.Map.of("lock-at-most-for", ttl), LockBackends.of("shedlock-jdbc").timescales(ttl, session));
        assertEquals(java.util.Map.of("lease", ttl), LockBackends.of("etcd").timescales(ttl, session));
        assertEquals(java.util.Map.of("session-ttl", ttl), LockBackends.of("hazelcast-fenced").timescales(ttl, session));
        assertTrue(LockBackends.of("pg-advisory").timescales(ttl, session).isEmpty(), "held as long as its connection");
        assertTrue(LockBackends.of("pg-advisory-xact").timescales(ttl, session).isEmpty());
        for (LockBackend b : LockBackends.BUILT_IN) {
            assertEquals(b.name().startsWith("pg-advisory"), b.terms().isEmpty(), b.name());
        }
    }

    @Test
    void onlyTheCuratorLocksRedissonsFencedLockEtcdAndThePostgresAdvisoryLocksHaveTokensOfTheirOwn() {
        for (LockBackend b : LockBackends.BUILT_IN.subList(0, 11)) {
            assertEquals(b.name().startsWith("curator") || b.name().equals("redisson-fenced") || b.name().equals("etcd"),
                    b.ownTokens(), b.name());
        }
        for (String pg : List.of("pg-advisory", "pg-advisory-xact")) {
            assertTrue(LockBackends.of(pg).ownTokens(), pg + ": a sequence drawn in the grant's statement");
        }
    }

    @Test
    void theBackendsWhoseGrantsCanBeToldOfALossSayWhatTellsAndTheOthersSayNothingCan() {
        List<String> tell = LockBackends.BUILT_IN.stream().filter(b -> b.lossNotice().isPresent()).map(LockBackend::name).toList();
        assertEquals(List.of("curator", "curator-cautious", "etcd", "pg-advisory", "pg-advisory-xact"), tell,
                "the backends whose Grant has a GrantWatch that tells (LossFlag, LeaseWatch, SessionWatch)");
        assertTrue(LockBackends.CLASS.lossNotice().isPresent(), "a user's class may tell through its own GrantWatch");
        assertEquals(java.util.Optional.empty(), LockBackends.of("redisson").lossNotice(),
                "Redisson's watchdog has no renewal-failure callback (redisson/redisson #4698)");
    }

    @Test
    void hazelcastFencedGrantsOnlyTheMembersSessionTtlAndEtcdAnyWholeSecond() {
        LockBackend hazelcast = LockBackends.of("hazelcast-fenced");
        assertEquals(List.of(TopologyName.HAZELCAST), hazelcast.topologies());
        assertTrue(hazelcast.ownTokens());
        assertTrue(hazelcast.grants(java.time.Duration.ofSeconds(5)));
        assertFalse(hazelcast.grants(java.time.Duration.ofSeconds(2)), "the CP session TTL is the members' 5 s");
        assertFalse(hazelcast.grants(java.time.Duration.ofMillis(5500)));
        assertTrue(LockBackends.of("etcd").grants(java.time.Duration.ofSeconds(2)));
        assertFalse(LockBackends.of("etcd").grants(java.time.Duration.ofMillis(2500)));
        assertTrue(LockBackends.of("etcd").onlyTtl().isEmpty());
    }

    @Test
    void aClassBackendRunsAnywhereAndTakesItsOwnOptionsButNotTheTokenSources() {
        LockBackend c = LockBackends.of("class:com.example.MyLock");
        assertSame(LockBackends.CLASS, c);
        assertTrue(c.runsOn(TopologyName.ZOOKEEPER) && c.runsOn(new TopologyName("consul")));
        assertTrue(c.takes("my-own-setting"));
        assertFalse(c.takes(LockConfig.TOKENS));
        assertFalse(c.takes(LockConfig.TOKEN_NODES));
    }

    @Test
    void aBuiltInBackendTakesOnlyItsDeclaredOptionsOfTheirType() {
        LockBackend redlock = LockBackends.of("redlock");
        assertTrue(redlock.takes("node-timeout-ms"));
        assertFalse(redlock.takes("node-timout-ms"));
        assertEquals("none", LockBackends.of("redis-naive").optionNames());
        LockOption.Type millis = redlock.option("node-timeout-ms").orElseThrow().type();
        assertTrue(millis.accepts("20"));
        assertFalse(millis.accepts("0"));
        assertFalse(millis.accepts("20ms"));
        assertFalse(millis.accepts("99999999999999999999"));
        assertFalse(LockOption.Type.TEXT.accepts(" "));
        LockOption.Type flag = LockBackends.of("shedlock-redis").option("safe-update").orElseThrow().type();
        assertTrue(flag.accepts("true") && flag.accepts("false"));
        assertFalse(flag.accepts("yes"));
    }

    @Test
    void anUnknownBackendNamesTheValidOnes() {
        WorkloadException e = assertThrows(WorkloadException.class, () -> LockBackends.of("consul"));
        assertTrue(e.getMessage().contains("valid backends: redis-naive, redis-sentinel"), e.getMessage());
    }

    @Test
    void tokenSourcesFitTheirLockService() {
        assertTrue(Tokens.ZK.fits(false));
        assertTrue(Tokens.ZK.fits(true), "a Redis topology gets zk-tokens");
        assertTrue(Tokens.REDIS_INCR.fits(true));
        assertFalse(Tokens.REDIS_INCR.fits(false));
        assertTrue(Tokens.LOCK.fits(true) && Tokens.LOCK.fits(false), "the lock's own tokens need no service");
        assertEquals(List.of("none", "redis-incr", "zk", "lock"), Tokens.ids());
        assertEquals(List.of(Tokens.REDIS_INCR, Tokens.ZK), java.util.Arrays.stream(Tokens.values())
                .filter(Tokens::addsSource).toList(), "lock and none add no source");
    }
}
