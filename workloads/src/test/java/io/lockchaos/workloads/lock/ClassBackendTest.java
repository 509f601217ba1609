package io.lockchaos.workloads.lock;

import io.lockchaos.workloads.backend.LockClients;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.workloads.WorkloadException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A backend named by class: the contract is checked, each breach is named with what to do; no server is contacted. */
class ClassBackendTest {

    private static final String BYO = ByoLocks.class.getName() + "$";

    private static LockConfig config(String simpleName, Map<String, String> options) {
        return new LockConfig(ClassBackend.PREFIX + BYO + simpleName, List.of("127.0.0.1:1"), Duration.ofSeconds(10),
                Duration.ofSeconds(6), options);
    }

    @Test
    void aClassBackendIsBuiltWithTheConfigAndTheHostMapperWhenItTakesOne() {
        HostMapper hosts = a -> a;
        LockConfig config = config("Plain", Map.of());
        try (LockClient client = LockClients.open(config, hosts)) {
            ByoLocks.Plain plain = assertInstanceOf(ByoLocks.Plain.class, client);
            assertSame(config, plain.config);
            assertSame(hosts, plain.hosts, "the two-argument constructor is preferred");
            assertEquals(new Acquisition.NotGranted(true, "plain never grants"), client.acquire("job-0", Duration.ZERO));
        }
    }

    @Test
    void itsCapabilitiesAreSeenThroughTheTokenWrapper() {
        try (LockClient client = LockClients.open(config("Fenced", Map.of("tokens", "redis-incr")), HostMapper.IDENTITY)) {
            TokenedLockClient tokened = assertInstanceOf(TokenedLockClient.class, client);
            assertEquals("plain+redis-incr", client.backend());
            assertEquals("redis-incr", tokened.tokenOrigin());
            assertEquals(Duration.ofSeconds(10), LockClients.capability(client, LeaseExpiry.class).orElseThrow().ttl());
            assertEquals("its own counter", LockClients.capability(tokened.wrapped(), FencingTokens.class).orElseThrow()
                    .tokenOrigin());
            assertTrue(LockClients.capability(client, LossDetection.class).isEmpty());
        }
    }

    @Test
    void closingTheWrapperClosesTheUsersLock() {
        LockClient client = LockClients.open(config("Plain", Map.of("tokens", "redis-incr")), HostMapper.IDENTITY);
        client.close();
        assertTrue(((ByoLocks.Plain) ((TokenedLockClient) client).wrapped()).closed);
    }

    @Test
    void zkTokensNeedTheirEnsembleAndTheUsersLockIsClosedWhenTheyFail() {
        int closes = ByoLocks.CLOSES.get();
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> LockClients.open(config("Plain", Map.of("tokens", "zk")), HostMapper.IDENTITY));
        assertTrue(e.getMessage().contains("token-nodes"), e.getMessage());
        assertEquals(closes + 1, ByoLocks.CLOSES.get(), "the lock built before the token source failed was closed");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "Missing       | lock class " + "io.lockchaos.workloads.lock.ByoLocks$Missing not found on the classpath",
        "NotALock      | does not implement io.lockchaos.workloads.lock.LockClient; implement it",
        "NoConstructor | has no public constructor (LockConfig, HostMapper) or (LockConfig); add one",
        "Abstract      | must be a public, concrete, top-level or static nested class",
        "Throws        | threw java.lang.IllegalStateException: option 'region' is missing; it gets the scenario's lock settings",
    })
    void eachBreachOfTheContractIsNamedWithWhatToDo(String simpleName, String expected) {
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> LockClients.open(config(simpleName, Map.of()), HostMapper.IDENTITY));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(e.getMessage().contains(BYO + simpleName), e.getMessage());
    }

    @Test
    void aClassThatIsNotFoundNamesTheClasspathSearched() {
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> LockClients.open(config("Missing", Map.of()), HostMapper.IDENTITY));
        assertTrue(e.getMessage().contains(System.getProperty("java.class.path")), e.getMessage());
        assertInstanceOf(ClassNotFoundException.class, e.getCause());
    }

    @Test
    void aConstructorsFailureIsTheCause() {
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> LockClients.open(config("Throws", Map.of()), HostMapper.IDENTITY));
        assertInstanceOf(IllegalStateException.class, e.getCause());
    }

    @Test
    void aBackendNamingNoClassSaysHowToNameOne() {
        WorkloadException e = assertThrows(WorkloadException.class, () -> LockClients.open(
                new LockConfig("class: ", List.of("127.0.0.1:1"), Duration.ofSeconds(1), Duration.ofSeconds(1), Map.of()),
                HostMapper.IDENTITY));
        assertEquals("lock backend 'class: ' names no class; give e.g. class:com.example.MyLock", e.getMessage());
    }

    @Test
    void loadChecksWithoutInitialisingTheClass() {
        assertEquals(ByoLocks.InitFails.class, ClassBackend.load(ClassBackend.PREFIX + BYO + "InitFails",
                getClass().getClassLoader(), "the test classpath"), "its failing static initialiser did not run");
        WorkloadException e = assertThrows(WorkloadException.class, () -> ClassBackend.load(
                ClassBackend.PREFIX + "com.example.Nope", getClass().getClassLoader(), "lib/locks.jar"));
        assertTrue(e.getMessage().contains("not found on lib/locks.jar"), e.getMessage());
    }
}
