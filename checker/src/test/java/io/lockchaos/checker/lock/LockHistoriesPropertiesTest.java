package io.lockchaos.checker.lock;

import io.lockchaos.history.ops.Fencing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Evidence;
import io.lockchaos.checker.Validity;
import io.lockchaos.testkit.lock.GeneratedHistory;
import io.lockchaos.testkit.lock.LockAnomaly;
import io.lockchaos.testkit.lock.LockHistories;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Generated histories: valid ones are valid for every check, and each injected anomaly makes
 * exactly the checks meant to catch it invalid (the ledger too for an expired lease, unless
 * the store fences reads and writes) while the others stay valid.
 */
class LockHistoriesPropertiesTest {

    private static final CheckOptions OPTIONS = CheckOptions.defaults();

    private static Map<String, CheckResult> checkAll(GeneratedHistory generated) {
        Map<String, CheckResult> byName = new LinkedHashMap<>();
        for (CheckResult result : new LockChecks().checkEach(generated.history(), OPTIONS)) {
            byName.put(result.check(), result);
        }
        return byName;
    }

    private static String describe(Map<String, CheckResult> results) {
        return results.values().stream().map(r -> r.check() + " " + r.valid() + ": " + r.summary() + " "
                + r.evidence().stream().limit(3).map(Evidence::explanation).collect(Collectors.joining(" | ")))
                .collect(Collectors.joining("\n"));
    }

    @Property(tries = 40)
    void generatedValidHistoriesAreValidForEveryCheck(@ForAll long seed, @ForAll @IntRange(min = 1, max = 8) int workers,
                                                       @ForAll @IntRange(min = 1, max = 4) int locks,
                                                       @ForAll Fencing fencing) {
        GeneratedHistory generated = LockHistories.generate(seed, 2_000, workers, locks, fencing);
        assertTrue(generated.injected().isEmpty());
        Map<String, CheckResult> results = checkAll(generated);
        for (CheckResult result : results.values()) {
            assertEquals(Validity.VALID, result.valid(), describe(results));
        }
    }

    @Property(tries = 60)
    void eachInjectedAnomalyIsCaughtByTheChecksMeantToCatchIt(@ForAll long seed, @ForAll LockAnomaly anomaly,
                                                                @ForAll Fencing fencing,
                                                                @ForAll @IntRange(min = 2, max = 8) int workers,
                                                                @ForAll @IntRange(min = 1, max = 3) int locks) {
        Assume.that(anomaly != LockAnomaly.TOKEN_REGRESSION || fencing != Fencing.UNFENCED);
        GeneratedHistory generated = LockHistories.generate(seed, 3_000, workers, locks, fencing, anomaly);
        assertEquals(java.util.Set.of(anomaly), generated.injected(), "the generator found no place for " + anomaly);
        List<String> invalid = new java.util.ArrayList<>(anomaly.caughtBy());
        if (anomaly == LockAnomaly.EXPIRED_LEASE && !fencing.fencesReads()) {
            invalid.add("ledger");
        }
        // etcd's guard looks at the holder's key, not the token: a regressed token lands, and the
        // ledger is invalid when it went below (not when it repeated): not fixed by the anomaly.
        boolean ledgerOpen = anomaly == LockAnomaly.TOKEN_REGRESSION && fencing == Fencing.GUARDED;
        Map<String, CheckResult> results = checkAll(generated);
        for (CheckResult result : results.values()) {
            if (ledgerOpen && result.check().equals("ledger")) {
                continue;
            }
            Validity expected = invalid.contains(result.check()) ? Validity.INVALID : Validity.VALID;
            assertEquals(expected, result.valid(), anomaly + " with fencing " + fencing + ":\n" + describe(results));
        }
    }

    /**
     * Seed 250421 (found by a random run of the property above): the stale read's append timed
     * out and was not applied, so the lost update never reached the data although the generator
     * counted it; now it is counted only once applied, and injected again otherwise.
     */
    @Example
    void aLostUpdateIsCountedOnlyWhenItsAppendReachedTheLedger() {
        for (Fencing fencing : Fencing.values()) {
            GeneratedHistory generated = LockHistories.generate(250421, 3_000, 2, 2, fencing, LockAnomaly.LOST_UPDATE);
            assertEquals(java.util.Set.of(LockAnomaly.LOST_UPDATE), generated.injected());
            CheckResult ledger = checkAll(generated).get("ledger");
            assertEquals(Validity.INVALID, ledger.valid(), fencing + ": " + ledger.summary());
        }
    }

    @Property(tries = 40)
    void droppingFutileAcquiresNeverChangesTheMutexVerdict(@ForAll long seed, @ForAll boolean expiredLease,
                                                          @ForAll @IntRange(min = 2, max = 8) int workers,
                                                          @ForAll @IntRange(min = 1, max = 3) int locks) {
        GeneratedHistory generated = expiredLease
                ? LockHistories.generate(seed, 1_500, workers, locks, Fencing.FENCED, LockAnomaly.EXPIRED_LEASE)
                : LockHistories.generate(seed, 1_500, workers, locks, Fencing.FENCED);
        var owner = new io.lockchaos.checker.model.OwnerMutexModel();
        Validity unpruned = io.lockchaos.checker.linear.Linearizability.check(generated.history(),
                new LockOperationsOnly<>(owner, java.util.Set.of()), OPTIONS).valid();
        assertEquals(unpruned, new MutexCheck().check(generated.history(), OPTIONS).valid());
        assertEquals(expiredLease ? Validity.INVALID : Validity.VALID, unpruned);
    }
}
