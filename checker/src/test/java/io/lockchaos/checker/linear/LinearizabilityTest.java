package io.lockchaos.checker.linear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.checker.model.CasRegisterModel;
import io.lockchaos.checker.model.RegisterModel;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.model.Model;
import io.lockchaos.checker.model.Models;
import io.lockchaos.testkit.Await;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LinearizabilityTest {

    private static final CheckOptions OPTIONS = CheckOptions.defaults();

    @Test
    void concurrentWriteAndReadEitherOrderIsValid() {
        History h = new Histories()
                .invoke(0, "write", Value.of(1))
                .invoke(1, "read", Value.NIL)
                .ok(1, "read", Value.of(1))
                .ok(0, "write", Value.of(1))
                .invoke(1, "read", Value.NIL)
                .ok(1, "read", Value.of(1))
                .build();
        assertEquals(Validity.VALID, Linearizability.check(h, new RegisterModel(), OPTIONS).valid());
    }

    @Test
    void staleReadAfterAWriteCompletedIsInvalid() {
        History h = new Histories()
                .invoke(0, "write", Value.of(1))
                .ok(0, "write", Value.of(1))
                .invoke(0, "write", Value.of(2))
                .ok(0, "write", Value.of(2))
                .invoke(1, "read", Value.NIL)
                .ok(1, "read", Value.of(1))
                .build();
        LinearizabilityResult r = Linearizability.check(h, new RegisterModel(), OPTIONS);
        assertEquals(Validity.INVALID, r.valid());
        Counterexample cx = r.counterexamples().get(0);
        assertEquals("read", cx.operation().f());
        assertEquals(2, cx.prefixes().get(0).linearized());
        assertEquals("2", cx.prefixes().get(0).state());
        assertTrue(cx.render().contains("read 1 cannot follow: the register holds another value"), cx.render());
    }

    @Test
    void anIndeterminateWriteMayNeverTakeEffectOrTakeEffectLate() {
        History never = new Histories()
                .invoke(0, "write", Value.of(1))
                .info(0, "write", Value.kw("timed-out"))
                .invoke(1, "read", Value.NIL)
                .ok(1, "read", Value.NIL)
                .build();
        assertEquals(Validity.VALID, Linearizability.check(never, new RegisterModel(), OPTIONS).valid());
        History late = new Histories()
                .invoke(0, "write", Value.of(1))
                .info(0, "write", Value.kw("timed-out"))
                .invoke(1, "read", Value.NIL)
                .ok(1, "read", Value.NIL)
                .invoke(1, "read", Value.NIL)
                .ok(1, "read", Value.of(1))
                .build();
        assertEquals(Validity.VALID, Linearizability.check(late, new RegisterModel(), OPTIONS).valid());
    }

    @Test
    void aFailedCasConstrainsTheHistoryOnlyUnderTheStrictReading() {
        History h = new Histories()
                .invoke(0, "write", Value.of(1))
                .ok(0, "write", Value.of(1))
                .invoke(1, "cas", Histories.cas(1, 2))
                .fail(1, "cas", Histories.cas(1, 2))
                .build();
        assertEquals(Validity.INVALID, Linearizability.check(h, CasRegisterModel.strict(), OPTIONS).valid());
        assertEquals(Validity.VALID, Linearizability.check(h, new CasRegisterModel(), OPTIONS).valid(),
                "by default a failed cas did not happen, whatever the register held");
    }

    @Test
    void aReadOfAValueNothingProducedIsRefutedBeforeTheSearch() {
        Histories h = new Histories()
                .invoke(0, "write", Value.of(1)).info(0, "write", Value.kw("timed-out"))
                .invoke(1, "cas", Histories.cas(2, 3)).fail(1, "cas", Histories.cas(2, 3))
                .invoke(2, "read", Value.NIL).ok(2, "read", Value.of(3));
        LinearizabilityResult r = Linearizability.check(h.build(), new CasRegisterModel(), OPTIONS);
        assertEquals(Validity.INVALID, r.valid(), r::summary);
        assertEquals(0, r.stats().configurations(), "no search was needed");
        Counterexample cx = r.counterexamples().get(0);
        assertEquals("2", cx.operation().process());
        assertTrue(cx.prefixes().get(0).reason().contains("no write, cas or initial value produces"), cx.render());

        History producedByATimedOutWriteAndTheInitialValue = new Histories()
                .invoke(0, "write", Value.of(1)).info(0, "write", Value.kw("timed-out"))
                .invoke(4, "cas", Histories.cas(0, 2)).ok(4, "cas", Histories.cas(0, 2))
                .invoke(3, "read", Value.NIL).ok(3, "read", Value.of(2))
                .invoke(5, "read", Value.NIL).ok(5, "read", Value.of(1)).build();
        assertEquals(Validity.VALID, Linearizability.check(producedByATimedOutWriteAndTheInitialValue,
                new CasRegisterModel().startingAt(Value.of(0)), OPTIONS).valid(),
                "a timed-out write and the initial value both produce");
    }

    @Test
    void nemesisOperationsAreIgnored() {
        History h = new Histories()
                .event(new Op(0, Op.NO_TIME, OpType.INFO, Process.NEMESIS, "start-pause", Value.NIL))
                .invoke(0, "write", Value.of(1))
                .ok(0, "write", Value.of(1))
                .build();
        LinearizabilityResult r = Linearizability.check(h, new RegisterModel(), OPTIONS);
        assertEquals(Validity.VALID, r.valid());
        assertEquals(1, r.stats().operations());
    }

    /**
     * n overlapping writes of distinct values, then two reads one after the other of two of
     * the written values: each value was written, so no cheap refutation applies, and refuting
     * it takes ~n 2^n configurations.
     */
    private static History hard(int n) {
        Histories h = new Histories();
        for (int p = 0; p < n; p++) {
            h.invoke(p, "write", Value.of(p));
        }
        for (int p = 0; p < n; p++) {
            h.ok(p, "write", Value.of(p));
        }
        return h.invoke(n, "read", Value.NIL).ok(n, "read", Value.of(0))
                .invoke(n + 1, "read", Value.NIL).ok(n + 1, "read", Value.of(1)).build();
    }

    @Test
    void aTinyTimeLimitGivesUnknownWithTheReason() {
        CheckOptions options = new CheckOptions(Duration.ofMillis(1), 100_000_000L, 1);
        LinearizabilityResult r = Linearizability.check(hard(22), new RegisterModel(), options);
        assertEquals(Validity.UNKNOWN, r.valid(), r::summary);
        assertTrue(r.reason().contains("time limit"), r.reason());
        assertTrue(r.counterexamples().isEmpty());
    }

    @Test
    void aSmallConfigurationBoundGivesUnknownWithTheReason() {
        CheckOptions options = new CheckOptions(Await.scaled(Duration.ofSeconds(60)), 1000, 2);
        LinearizabilityResult r = Linearizability.check(hard(16), new RegisterModel(), options);
        assertEquals(Validity.UNKNOWN, r.valid(), r::summary);
        assertTrue(r.reason().contains("more than 1000 configurations"), r.reason());
        assertTrue(r.reason().contains("of 18 operations"), r.reason());
    }

    @Test
    void theHardHistoryIsInvalidGivenTheRoom() {
        LinearizabilityResult r = Linearizability.check(hard(10), new RegisterModel(), OPTIONS);
        assertEquals(Validity.INVALID, r.valid(), r::summary);
        assertEquals("read", r.counterexamples().get(0).operation().f());
    }

    @Test
    void oneInvalidKeyMakesTheWholeHistoryInvalidAndNamesTheKey() {
        Histories h = new Histories();
        for (int k = 0; k < 6; k++) {
            h.event(keyed(0, OpType.INVOKE, k, "write", 1)).event(keyed(0, OpType.OK, k, "write", 1));
            int read = k == 4 ? 2 : 1;
            h.event(keyed(1, OpType.INVOKE, k, "read", null)).event(keyed(1, OpType.OK, k, "read", read));
        }
        LinearizabilityResult r = Linearizability.check(h.build(), Models.byName("keyed-register"), OPTIONS);
        assertEquals(Validity.INVALID, r.valid(), r::summary);
        assertEquals(6, r.stats().partitions());
        assertEquals(1, r.counterexamples().size());
        Counterexample cx = r.counterexamples().get(0);
        assertEquals("k4", cx.partition());
        assertTrue(cx.explanation().contains("partition 'k4'"), cx.explanation());
    }

    private static Op keyed(int process, OpType type, int key, String f, Integer value) {
        return new Op(0, Op.NO_TIME, type, Process.client(process), f, value == null ? Value.NIL : Value.of(value),
                Value.NIL, Map.of("key", Value.of("k" + key)));
    }

    @Test
    void theCounterexampleNamesTheOperationThePrefixAndThePending() throws Exception {
        History h = new Histories()
                .invoke(0, "write", Value.of(1))
                .ok(0, "write", Value.of(1))
                .invoke(2, "read", Value.NIL)
                .invoke(0, "cas", Histories.cas(1, 2))
                .ok(0, "cas", Histories.cas(1, 2))
                .invoke(1, "read", Value.NIL)
                .ok(1, "read", Value.of(1))
                .ok(2, "read", Value.NIL)
                .build();
        LinearizabilityResult r = Linearizability.check(h, new CasRegisterModel(), OPTIONS);
        assertEquals(Validity.INVALID, r.valid());
        Counterexample cx = r.counterexamples().get(0);
        assertEquals("1", cx.operation().process());
        assertEquals(5, cx.operation().invokeIndex());
        assertEquals(6, cx.operation().completeIndex());
        Counterexample.Prefix longest = cx.prefixes().get(0);
        assertEquals(2, longest.linearized());
        assertEquals(List.of("write 1", "cas [1 2] succeeded"),
                longest.last().stream().map(Counterexample.Call::call).toList());
        assertEquals("2", longest.state());
        assertEquals("read 1 cannot follow: the register holds another value", longest.reason());
        assertEquals(List.of("2"), longest.pending().stream().map(Counterexample.Call::process).toList(),
                "the other read is pending");
        String json = new ObjectMapper().writeValueAsString(r);
        assertTrue(json.contains("\"partition\":\"\"") && json.contains("\"reason\":\"read 1 cannot follow: the register holds another value\""),
                json);
    }

    @Test
    void theCheckerReportsTheCounterexampleAsEvidence() {
        History h = hard(3);
        CheckResult result = new LinearizabilityChecker(new RegisterModel()).check(h, OPTIONS);
        assertEquals("linearizable", result.check());
        assertEquals(Validity.INVALID, result.valid());
        assertEquals(1, result.evidence().size());
        assertTrue(result.evidence().get(0) instanceof Counterexample);
    }

    @Test
    void aHistoryTheModelCannotReadIsBadInputNamingTheSourceAndEvent() {
        History h = new Histories().invoke(0, "frobnicate", Value.NIL).ok(0, "frobnicate", Value.NIL).build();
        io.lockchaos.checker.model.ModelException e = org.junit.jupiter.api.Assertions.assertThrows(
                io.lockchaos.checker.model.ModelException.class,
                () -> Linearizability.check(h, new RegisterModel(), OPTIONS));
        assertTrue(e.getMessage().startsWith(h.source() + ": event 0 ") && e.getMessage().contains(":frobnicate"),
                e.getMessage());
    }

    @Test
    void partitionsAreSearchedOnSeveralThreadsAndOneInvalidKeyDecides() {
        CheckOptions twoThreads = new CheckOptions(Await.scaled(Duration.ofSeconds(60)), 1_000_000, 2);
        Model<?, ?> model = Models.byName("keyed-cas-register");
        LinearizabilityResult valid = Linearizability.check(RandomHistories.keyed(8000, 8, List.of()), model, twoThreads);
        assertEquals(Validity.VALID, valid.valid(), valid::summary);
        assertEquals(8, valid.stats().partitions());
        int stranger = 1_000_000;
        List<Op> staleRead = List.of(
                new Op(0, Op.NO_TIME, OpType.INVOKE, Process.client(stranger), "read", Value.NIL, Value.NIL,
                        Map.of("key", Value.of("k3"))),
                new Op(0, Op.NO_TIME, OpType.OK, Process.client(stranger), "read", Value.of(99), Value.NIL,
                        Map.of("key", Value.of("k3"))));
        LinearizabilityResult invalid = Linearizability.check(RandomHistories.keyed(8000, 8, staleRead), model, twoThreads);
        assertEquals(Validity.INVALID, invalid.valid(), invalid::summary);
        assertEquals(List.of("k3"), invalid.counterexamples().stream().map(Counterexample::partition).toList());
    }
}
