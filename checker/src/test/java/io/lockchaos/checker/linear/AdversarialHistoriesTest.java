package io.lockchaos.checker.linear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.checker.model.CasRegisterModel;
import io.lockchaos.checker.model.Models;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Histories that make the search explode end unknown with a reason that names a real
 * {@code check} option and says how far the search got, never with a wrong verdict.
 */
class AdversarialHistoriesTest {

    private static final CasRegisterModel MODEL = new CasRegisterModel();

    @Test
    void theConfigurationBoundAnswersUnknownNamingTheOptionAndTheProgress() {
        History h = AdversarialHistories.concurrentCrashedWrites(50);
        CheckOptions bounded = CheckOptions.defaults().withMaxConfigs(10_000);
        LinearizabilityResult r = Linearizability.check(h, MODEL, bounded);
        assertEquals(Validity.UNKNOWN, r.valid(), r::summary);
        assertTrue(r.reason().contains("--max-configs") && r.reason().contains("longest linearizable prefix found had")
                && r.reason().contains("after 10002 configurations"), r.reason()); // two searches, 5001 each
        assertTrue(r.stats().configurations() > 10_000, r::summary);
    }

    @Test
    void theTimeLimitAnswersUnknownNamingTheOption() {
        History h = AdversarialHistories.concurrentCrashedWrites(50);
        CheckOptions quick = CheckOptions.defaults().withTimeLimit(Duration.ofMillis(300));
        LinearizabilityResult r = Linearizability.check(h, MODEL, quick);
        assertEquals(Validity.UNKNOWN, r.valid(), r::summary);
        assertTrue(r.reason().contains("--time-limit") && r.reason().contains("configurations"), r.reason());
    }

    @Test
    void aLongHistoryPastItsTimeLimitBeforeTheSearchAnswersUnknownSayingHowFarItGot() {
        History h = RandomHistories.keyed(100_000, 10, java.util.List.of());
        CheckOptions none = CheckOptions.defaults().withTimeLimit(Duration.ofNanos(1));
        LinearizabilityResult r = Linearizability.check(h, Models.byName("keyed-cas-register"), none);
        assertEquals(Validity.UNKNOWN, r.valid(), r::summary);
        assertTrue(r.reason().contains("ran out while the history was split into partitions, after 0 of 100000"
                + " operations") && r.reason().endsWith("(raise --time-limit)"), r.reason());
    }

    @Test
    void crashedCompletionsNeverReadAsInvalid() {
        CheckOptions quick = CheckOptions.defaults().withTimeLimit(Duration.ofSeconds(1)).withMaxConfigs(200_000);
        for (long seed = 1; seed <= 5; seed++) {
            History h = AdversarialHistories.crashedCompletions(seed, 300);
            LinearizabilityResult r = Linearizability.check(h, MODEL, quick);
            assertNotEquals(Validity.INVALID, r.valid(), r::summary);
        }
    }

    /**
     * Decided only because each partition is also searched in Porcupine's order: the lazy order
     * alone was still unknown on this history after 5 million configurations (55 s).
     */
    @Test
    void crashedCompletionsOfATenProcessHistoryAreDecidedValid() {
        LinearizabilityResult r = Linearizability.check(AdversarialHistories.crashedCompletions(7, 1000), MODEL,
                CheckOptions.defaults());
        assertEquals(Validity.VALID, r.valid(), r::summary);
    }

    @Test
    void aSmallerCaseOfTheWritesIsDecidedInvalid() {
        LinearizabilityResult r = Linearizability.check(AdversarialHistories.concurrentCrashedWrites(8), MODEL,
                CheckOptions.defaults());
        assertEquals(Validity.INVALID, r.valid(), r::summary);
    }
}
