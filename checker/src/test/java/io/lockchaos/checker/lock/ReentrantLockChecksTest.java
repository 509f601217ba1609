package io.lockchaos.checker.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Validity;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.history.History;
import io.lockchaos.history.ops.Reentrancy;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The lock checks of a reentrant lock against those of a lock that is not: the same histories,
 * read from EDN as a run writes them, checked with {@link LockChecks#of} both ways.
 */
class ReentrantLockChecksTest {

    /** Process 0 holds job-0 with token 34, asks again and gets 34 back, releases twice; then process 1 takes it. */
    private static final String REENTERED = """
            {:type :invoke :process 0 :time 10 :f :acquire :value {:lock "job-0"}}
            {:type :ok :process 0 :time 20 :f :acquire :value {:lock "job-0" :token 34}}
            {:type :invoke :process 0 :time 30 :f :acquire :value {:lock "job-0" :reentry true}}
            {:type :ok :process 0 :time 40 :f :acquire :value {:lock "job-0" :token 34 :reentry true}}
            {:type :invoke :process 1 :time 45 :f :acquire :value {:lock "job-0"}}
            {:type :invoke :process 0 :time 50 :f :release :value {:lock "job-0" :token 34 :reentry true}}
            {:type :ok :process 0 :time 60 :f :release :value {:lock "job-0" :token 34 :reentry true}}
            {:type :invoke :process 0 :time 70 :f :release :value {:lock "job-0" :token 34}}
            {:type :ok :process 0 :time 80 :f :release :value {:lock "job-0" :token 34}}
            {:type :ok :process 1 :time 90 :f :acquire :value {:lock "job-0" :token 35}}
            {:type :invoke :process 1 :time 100 :f :release :value {:lock "job-0" :token 35}}
            {:type :ok :process 1 :time 110 :f :release :value {:lock "job-0" :token 35}}
            """;

    private static Map<String, Validity> verdicts(String edn, Reentrancy reentrancy) {
        History history = HistoryFormats.read("test.edn", new ByteArrayInputStream(edn.getBytes(StandardCharsets.UTF_8)));
        List<CheckResult> results = LockChecks.of(reentrancy).checkEach(history, CheckOptions.defaults());
        return results.stream().collect(Collectors.toMap(CheckResult::check, CheckResult::valid));
    }

    private static CheckResult result(String edn, Reentrancy reentrancy, String check) {
        History history = HistoryFormats.read("test.edn", new ByteArrayInputStream(edn.getBytes(StandardCharsets.UTF_8)));
        return LockChecks.of(reentrancy).checkEach(history, CheckOptions.defaults()).stream()
                .filter(r -> r.check().equals(check)).findFirst().orElseThrow();
    }

    @Test
    void aReentryIsValidForAReentrantLockAndAGrantOfAHeldLockForOneThatIsNot() {
        assertEquals(Map.of("mutex", Validity.VALID, "holds", Validity.VALID, "tokens", Validity.VALID,
                "ledger", Validity.VALID), verdicts(REENTERED, Reentrancy.SAME_TOKEN));
        Map<String, Validity> plain = verdicts(REENTERED, Reentrancy.NONE);
        assertEquals(Validity.INVALID, plain.get("mutex"), "the plain mutex: a held lock granted again");
        assertEquals(Validity.INVALID, plain.get("tokens"), "the plain tokens check: token 34 twice");
        assertTrue(result(REENTERED, Reentrancy.NONE, "mutex").evidence().get(0).explanation()
                .contains("already held by process 0"), result(REENTERED, Reentrancy.NONE, "mutex").toString());
    }

    @Test
    void aSecondOwnerWhileTheLockIsReenteredIsInvalidEitherWay() {
        String second = REENTERED.replace(":time 90 ", ":time 47 ");
        second = reorder(second);
        for (Reentrancy r : Reentrancy.values()) {
            Map<String, Validity> v = verdicts(second, r);
            assertEquals(Validity.INVALID, v.get("mutex"), r + ": process 1 granted while process 0 holds job-0");
            assertEquals(Validity.INVALID, v.get("holds"), r + ": process 1's hold began inside process 0's");
        }
    }

    @Test
    void aGrantBetweenTheInnerAndTheOuterReleaseIsInvalidForAReentrantLock() {
        // Process 1 is granted after process 0's first release and before its second: a reentrant
        // lock is still held then (one grant deep). The plain holds check ends process 0's hold at
        // the reentry and misses it; the reentrant one does not.
        String early = reorder(REENTERED.replace(":time 90 ", ":time 65 "));
        assertEquals(Validity.INVALID, verdicts(early, Reentrancy.SAME_TOKEN).get("mutex"));
        assertEquals(Validity.INVALID, verdicts(early, Reentrancy.SAME_TOKEN).get("holds"));
        assertEquals(Validity.VALID, verdicts(early, Reentrancy.NONE).get("holds"));
        History history = HistoryFormats.read("early.edn", new ByteArrayInputStream(early.getBytes(StandardCharsets.UTF_8)));
        assertEquals(1, UnsafeWindows.of(history, Reentrancy.SAME_TOKEN).windows().size(),
                "process 0 held on, one grant deep, after process 1's grant");
        assertEquals(0, UnsafeWindows.of(history, Reentrancy.NONE).windows().size());
    }

    @Test
    void aReentryWithAnotherTokenIsInvalid() {
        String changed = REENTERED.replace(":token 34 :reentry true}}\n{:type :invoke :process 1",
                ":token 36 :reentry true}}\n{:type :invoke :process 1");
        assertTrue(changed.contains(":token 36"), "the fixture changed");
        CheckResult tokens = result(changed, Reentrancy.SAME_TOKEN, "tokens");
        assertEquals(Validity.INVALID, tokens.valid());
        assertTrue(tokens.evidence().get(0) instanceof ReentryTokenChanged, tokens.toString());
        assertTrue(tokens.evidence().get(0).explanation().contains("was granted token 36 at"),
                tokens.evidence().get(0).explanation());
        assertEquals(Validity.VALID, result(changed, Reentrancy.SAME_TOKEN, "mutex").valid(),
                "the mutex check judges grants, not tokens");
    }

    /**
     * One run of {@code scenarios/hazelcast-reentrant.json} (2026-12-06, {@code 20261206-023051}): every
     * grant re-entered once with the same fence, on Hazelcast's {@code FencedLock}. Valid as a
     * reentrant lock; the plain checks call every reentry a grant of a held lock and the same fence twice.
     */
    @Test
    void aRealHazelcastRunIsValidWithTheReentrantChecksAndInvalidWithThePlainOnes() throws Exception {
        History history = HistoryFormats.read(java.nio.file.Path.of(
                getClass().getResource("/lock-reentrant/hazelcast-reentrant.edn").toURI()));
        assertTrue(history.operations().stream().filter(o -> o.f().equals("acquire") && o.isOk()
                && io.lockchaos.history.ops.LockOps.isReentry(o.output())).count() >= 4, "the run re-entered");
        List<CheckResult> reentrant = LockChecks.of(Reentrancy.SAME_TOKEN).checkEach(history, CheckOptions.defaults());
        for (CheckResult r : reentrant) {
            assertEquals(Validity.VALID, r.valid(), r.check() + ": " + r.summary());
        }
        Map<String, CheckResult> plain = LockChecks.of(Reentrancy.NONE).checkEach(history, CheckOptions.defaults())
                .stream().collect(Collectors.toMap(CheckResult::check, r -> r));
        assertEquals(Validity.INVALID, plain.get("mutex").valid(), plain.get("mutex").summary());
        assertEquals(Validity.INVALID, plain.get("tokens").valid(), plain.get("tokens").summary());
        assertTrue(plain.get("tokens").evidence().get(0).explanation().contains("the same token again"),
                plain.get("tokens").evidence().get(0).explanation());
        assertEquals(Validity.VALID, plain.get("ledger").valid(), "the data was never at risk");
    }

    /** The events sorted by their :time (a fixture edited in place keeps the events in order). */
    private static String reorder(String edn) {
        return edn.lines().sorted(java.util.Comparator.comparingLong(ReentrantLockChecksTest::time))
                .collect(Collectors.joining("\n", "", "\n"));
    }

    private static long time(String line) {
        String from = line.substring(line.indexOf(":time ") + 6);
        return Long.parseLong(from.substring(0, from.indexOf(' ')));
    }
}
