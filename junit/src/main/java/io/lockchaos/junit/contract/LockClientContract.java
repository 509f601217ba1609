package io.lockchaos.junit.contract;

import static io.lockchaos.junit.contract.LockFeature.BLIND_RELEASE;
import static io.lockchaos.junit.contract.LockFeature.CERTAIN_REFUSAL;
import static io.lockchaos.junit.contract.LockFeature.FENCING_TOKENS;
import static io.lockchaos.junit.contract.LockFeature.LEASE_EXPIRY;
import static io.lockchaos.junit.contract.LockFeature.LOSS_DETECTION;
import static io.lockchaos.junit.contract.LockFeature.REENTRANT;
import static io.lockchaos.junit.contract.LockFeature.TOKENS_ACROSS_LOCKS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.lockchaos.testkit.Await;
import io.lockchaos.faults.nemesis.ActiveFault;
import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.LeaseExpiry;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.backend.LockClients;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The LockClient contract: what every lock client must do, run once per subject that
 * {@link #subjects()} names, each test guarded by an assumption on the subject's declared
 * {@link LockFeature}s (a subject without the feature reports the test skipped). Point it at a
 * client of one's own, the way Guava's testlib offers collection tests:
 * <pre>{@code
 * class MyLockContractIT extends LockClientContract {
 *     @Override
 *     protected List<LockSubject> subjects() {
 *         return List.of(LockSubject.builtIn("class:com.example.MyLock", Topology.REDIS_SINGLE,
 *                 LockFeature.LEASE_EXPIRY, LockFeature.CERTAIN_REFUSAL));
 *     }
 * }
 * }</pre>
 * No test class per backend, no overrides of the tests: a lock declares its features, and the
 * first test checks that the declaration and the client's capability interfaces agree.
 *
 * <p>One cluster per topology is started the first time a subject needs it and removed after
 * the last test ({@link ContractClusters}); clients use a 2 s TTL and a 3 s session. The loss
 * test pauses its service and runs last.
 */
@Tag("chaos")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public abstract class LockClientContract {

    /** The acquire timeout when the lock should be free (or free soon). */
    private static final Duration GRANT = Duration.ofSeconds(10);
    /** The acquire timeout when another client holds the lock: well inside its lease. */
    private static final Duration REFUSE = Duration.ofMillis(300);
    /** How much earlier than the lease another client may get the lock: clocks round to the ms. */
    private static final Duration LEASE_SLACK = Duration.ofMillis(50);

    private ContractClusters clusters;
    private long startedAt;

    /** The lock clients to hold to the contract; each test runs once per subject. */
    protected abstract List<LockSubject> subjects();

    /** Starts nothing yet: each topology's cluster starts when a subject first needs it. */
    @BeforeAll
    void start() {
        startedAt = System.nanoTime();
        clusters = new ContractClusters();
    }

    /** Heals and removes the clusters, and says how long the contract took. */
    @AfterAll
    void stop() {
        try {
            clusters.close();
        } finally {
            System.out.printf(Locale.ROOT, "contract: %d subjects in %.1f s wall time%n", subjects().size(),
                    (System.nanoTime() - startedAt) / 1e9);
        }
    }

    @Order(1)
    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void declaredFeaturesAreTheClientsCapabilities(LockSubject s) {
        try (LockClient c = open(s)) {
            assertEquals(s.advertisable(), LockFeature.advertisedBy(c), s + " declares " + s.features()
                    + " but its client " + c.getClass().getSimpleName() + " implements the capability interfaces of "
                    + LockFeature.advertisedBy(c) + ": correct the subject's line in LockSubjects, or the client");
            LockClients.capability(c, LeaseExpiry.class).ifPresent(lease ->
                    assertTrue(lease.ttl().compareTo(Duration.ZERO) > 0, s + ": a lease of " + lease.ttl()));
        }
    }

    @Order(2)
    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void aGrantExcludesOthersUntilItIsReleased(LockSubject s) {
        String lock = s.lock("exclusive");
        try (LockClient a = open(s); LockClient b = open(s)) {
            Grant held = granted(a, lock, GRANT);
            assertShape(s, a, held, lock);
            Acquisition.NotGranted refused = assertInstanceOf(Acquisition.NotGranted.class, b.acquire(lock, REFUSE),
                    () -> "b got " + lock + " " + millisSince(held) + " ms into a's grant");
            if (s.has(CERTAIN_REFUSAL)) {
                assertTrue(refused.certain(), "a refusal while another holds the lock is certain: " + refused);
            }
            assertTrue(a.release(held), "a's release of a grant it still holds (" + millisSince(held) + " ms old)");
            Grant next = granted(b, lock, GRANT);
            assertTrue(b.release(next), "b's release");
        }
    }

    @Order(3)
    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void differentLockNamesDoNotExcludeEachOther(LockSubject s) {
        try (LockClient a = open(s); LockClient b = open(s)) {
            Grant one = granted(a, s.lock("one"), GRANT);
            Grant two = granted(b, s.lock("two"), GRANT);
            Grant three = granted(a, s.lock("three"), GRANT);
            // Had the names shared a lock, b would have waited for a's lease, which a's release would now find gone.
            assertTrue(a.release(one), "a still held " + one.lock() + " while b took " + two.lock()
                    + " (" + millisSince(one) + " ms)");
            assertTrue(b.release(two), "b's release of " + two.lock());
            assertTrue(a.release(three), "a held a second lock at the same time");
        }
    }

    @Order(4)
    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void closingAClientFreesItsLocks(LockSubject s) {
        String lock = s.lock("closed");
        Duration bound = max(clusters.ttl(), clusters.sessionTimeout()).plusSeconds(5);
        try (LockClient b = open(s)) {
            LockClient a = open(s);
            try {
                granted(a, lock, GRANT);
            } finally {
                a.close();
            }
            a.close();
            long closed = System.nanoTime();
            Grant taken = granted(b, lock, bound);
            System.out.printf(Locale.ROOT, "contract: %s: free %d ms after close%n", s, (System.nanoTime() - closed) / 1_000_000);
            assertTrue(b.release(taken), "b's release");
        }
    }

    @Order(5)
    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void anUnreleasedGrantIsTakenOverAfterItsLease(LockSubject s) {
        assumeTrue(s.has(LEASE_EXPIRY), s + " does not declare LEASE_EXPIRY");
        String lock = s.lock("lease");
        try (LockClient a = open(s); LockClient b = open(s)) {
            Grant held = granted(a, lock, GRANT);
            Duration lease = held.lease().orElseThrow(() -> new AssertionError(s + ": a grant without a lease"));
            Grant taken = granted(b, lock, clusters.ttl().plus(GRANT));
            long waited = millisSince(held);
            assertTrue(waited >= lease.minus(LEASE_SLACK).toMillis(),
                    "b got the lock " + waited + " ms into a's grant, before its lease of " + lease.toMillis() + " ms ran out");
            if (s.has(BLIND_RELEASE)) {
                a.release(held);
                printWhetherTheLateReleaseFreedTheLock(s, lock);
            } else {
                assertFalse(a.release(held), "a's release after its lease ran out finds the lock no longer its own");
            }
            assertTrue(b.release(taken), "b still held it");
        }
    }

    @Order(6)
    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void tokensGrowAcrossGrantsFromDifferentClients(LockSubject s) {
        assumeTrue(s.has(FENCING_TOKENS), s + " does not declare FENCING_TOKENS");
        String lock = s.lock("tokens");
        try (LockClient a = open(s); LockClient b = open(s)) {
            assertTokensGrow(List.of(a, b), List.of(lock), 6);
        }
    }

    @Order(7)
    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void tokensGrowAcrossLockNames(LockSubject s) {
        assumeTrue(s.has(TOKENS_ACROSS_LOCKS), s + " does not declare TOKENS_ACROSS_LOCKS");
        try (LockClient a = open(s); LockClient b = open(s)) {
            assertTokensGrow(List.of(a, b), List.of(s.lock("names-x"), s.lock("names-y"), s.lock("names-z")), 9);
        }
    }

    /**
     * The service freezes (SIGSTOP) for longer than the session: the grant must say it is lost,
     * stay lost, and once the service is back another client gets the lock.
     */
    @Order(8)
    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void aReentrantLocksHolderIsGrantedAgainAndReleasesOncePerGrant(LockSubject s) {
        assumeTrue(s.has(REENTRANT), s + " does not declare REENTRANT");
        String lock = s.lock("reentrant");
        try (LockClient a = open(s); LockClient b = open(s)) {
            Grant outer = granted(a, lock, GRANT);
            Grant inner = granted(a, lock, REFUSE);
            if (s.has(FENCING_TOKENS)) {
                assertEquals(outer.token(), inner.token(), "a reentry gives back the token of the hold it re-enters");
            }
            assertTrue(a.release(inner), "the reentry's release");
            assertInstanceOf(Acquisition.NotGranted.class, b.acquire(lock, REFUSE),
                    "after one of two releases the lock is still a's");
            assertTrue(a.release(outer), "the first grant's release");
            assertTrue(b.release(granted(b, lock, GRANT)), "after the second release b is granted");
        }
    }

    @Order(9)
    @ParameterizedTest(name = "{0}")
    @MethodSource("subjects")
    void aGrantIsLostWhenTheServiceIsUnreachableLongerThanTheSession(LockSubject s) {
        assumeTrue(s.has(LOSS_DETECTION), s + " does not declare LOSS_DETECTION");
        String lock = s.lock("lost");
        Duration session = clusters.sessionTimeout();
        try (LockClient a = open(s)) {
            Grant held = granted(a, lock, GRANT);
            assertFalse(held.lost(), "a fresh grant is trusted");
            java.util.concurrent.atomic.AtomicReference<String> told = new java.util.concurrent.atomic.AtomicReference<>();
            held.watch().whenLost(told::set);
            try (ActiveFault pause = clusters.pauseService(s.service())) {
                Await.until(session.plusSeconds(30), s + "'s grant reports lost() while " + s.service().id() + " is paused",
                        held::lost);
                Await.until(Duration.ofSeconds(5), s + " tells the grant's loss listener once lost() says so",
                        () -> told.get() != null);
                Await.holdsFor(session.plusSeconds(1), "the grant stays lost while the pause outlasts the session",
                        held::lost);
            }
            assertTrue(held.lost(), "a lost grant is never trusted again");
            try (LockClient b = Await.value(Duration.ofSeconds(60), "a new client connects after the resume", () -> open(s))) {
                Grant taken = Await.value(Duration.ofSeconds(60), "another client gets " + lock + " after the resume",
                        () -> b.acquire(lock, Duration.ofSeconds(5)) instanceof Acquisition.Granted g ? g.grant() : null);
                assertTrue(b.release(taken), "b's release");
            }
        }
    }

    /** After a blind late release: can a third client take the lock that b still believes it holds? */
    private void printWhetherTheLateReleaseFreedTheLock(LockSubject s, String lock) {
        try (LockClient c = open(s)) {
            boolean taken = c.acquire(lock, REFUSE) instanceof Acquisition.Granted;
            System.out.printf(Locale.ROOT, "contract: %s: after a's late release a third client %s the lock b holds%n", s,
                    taken ? "got" : "did not get");
        }
    }

    private LockClient open(LockSubject s) {
        return s.opener().open(clusters);
    }

    private static Grant granted(LockClient c, String lock, Duration timeout) {
        Acquisition got = c.acquire(lock, timeout);
        return assertInstanceOf(Acquisition.Granted.class, got,
                () -> c.backend() + " did not get " + lock + " within " + timeout + ": " + got).grant();
    }

    /** What a fresh grant must look like, given the declared features. */
    private static void assertShape(LockSubject s, LockClient c, Grant g, String lock) {
        assertEquals(lock, g.lock(), "the grant names its lock");
        assertFalse(g.lost(), "a fresh grant is not lost");
        assertEquals(s.has(FENCING_TOKENS), g.token().isPresent(), "a token exactly when FENCING_TOKENS: " + g.token());
        assertEquals(s.has(LEASE_EXPIRY), g.lease().isPresent(), "a lease exactly when LEASE_EXPIRY: " + g.lease());
        LockClients.capability(c, LeaseExpiry.class).ifPresent(cap -> assertTrue(
                g.lease().orElseThrow().compareTo(cap.ttl()) <= 0 && !g.lease().orElseThrow().isNegative(),
                "the lease " + g.lease().orElseThrow() + " is within the TTL " + cap.ttl()));
    }

    /** {@code grants} successive grants, client and lock name taking turns, each token above the one before. */
    private static void assertTokensGrow(List<LockClient> clients, List<String> locks, int grants) {
        long previous = Long.MIN_VALUE;
        String previousGrant = "none";
        for (int i = 0; i < grants; i++) {
            LockClient c = clients.get(i % clients.size());
            String lock = locks.get(i % locks.size());
            Grant g = granted(c, lock, GRANT);
            long token = g.token().orElseThrow(() -> new AssertionError(lock + ": a grant without a token"));
            assertTrue(token > previous, "token " + token + " on " + lock + " after " + previous + " on " + previousGrant);
            previous = token;
            previousGrant = lock;
            assertTrue(c.release(g), "release of " + lock);
        }
    }

    private static long millisSince(Grant g) {
        return (System.nanoTime() - g.acquiredAt()) / 1_000_000;
    }

    private static Duration max(Duration x, Duration y) {
        return x.compareTo(y) >= 0 ? x : y;
    }
}
