package io.lockchaos.junit.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.Topology;
import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.LeaseExpiry;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.lock.TokenSource;
import io.lockchaos.workloads.lock.TokenedLockClient;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The contract's plumbing without Docker: picking subjects, declarations, advertised features. */
class LockSubjectsTest {

    /** An in-process lock with a lease and nothing else; never opened against a service. */
    private static final class LeasedLock implements LockClient, LeaseExpiry {
        @Override
        public String backend() {
            return "leased";
        }

        @Override
        public Acquisition acquire(String lock, Duration timeout) {
            return Acquisition.refused("in-process stand-in");
        }

        @Override
        public boolean release(Grant grant) {
            return false;
        }

        @Override
        public Duration ttl() {
            return Duration.ofSeconds(1);
        }

        @Override
        public void close() {
        }
    }

    private static final class Counter implements TokenSource {
        private long next;

        @Override
        public String name() {
            return "counter";
        }

        @Override
        public long next(String lock) {
            return ++next;
        }

        @Override
        public void close() {
        }
    }

    /** That every built-in backend is a subject is {@link RegistrationTest}'s. */
    @Test
    void subjectNamesAreUnique() {
        List<String> names = LockSubject.names(LockSubjects.picked(""));
        assertEquals(names.size(), new HashSet<>(names).size(), "unique: " + names);
    }

    @Test
    void aPickKeepsTheNamedSubjectsInTheirOrder() {
        assertEquals(List.of("redlock+zk", "curator"),
                LockSubject.names(LockSubjects.picked(" curator , redlock+zk")));
    }

    @Test
    void anUnknownPickListsTheValidSubjects() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LockSubjects.picked("curator,consul"));
        assertTrue(e.getMessage().startsWith("-Dcontract.subjects names unknown subjects [consul]; valid subjects: redis-naive, "),
                e.getMessage());
    }

    @Test
    void tokensAcrossLocksWithoutTokensIsABadDeclaration() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LockSubject.of("odd",
                Topology.REDIS_SINGLE, c -> new LeasedLock(), LockFeature.TOKENS_ACROSS_LOCKS));
        assertEquals("subject odd declares TOKENS_ACROSS_LOCKS without FENCING_TOKENS; declare both or neither",
                e.getMessage());
    }

    @Test
    void advertisedFeaturesComeFromCapabilityInterfacesThroughTheTokenWrapper() {
        assertEquals(Set.of(LockFeature.LEASE_EXPIRY), LockFeature.advertisedBy(new LeasedLock()));
        assertEquals(Set.of(LockFeature.LEASE_EXPIRY, LockFeature.FENCING_TOKENS),
                LockFeature.advertisedBy(new TokenedLockClient(new LeasedLock(), new Counter())));
    }

    @Test
    void onlyCapabilityFeaturesAreComparedWithTheClient() {
        LockSubject s = LockSubject.of("x", Topology.REDLOCK, c -> new LeasedLock(), LockFeature.LEASE_EXPIRY,
                LockFeature.CERTAIN_REFUSAL);
        assertEquals(Set.of(LockFeature.LEASE_EXPIRY), s.advertisable());
        assertEquals("contract-lease-redlock-zk", LockSubject.of("redlock+zk", Topology.REDLOCK, c -> new LeasedLock())
                .lock("lease"));
    }
}
