package io.lockchaos.checker.linear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.Validity;
import io.lockchaos.checker.history.History;
import io.lockchaos.checker.history.Op;
import io.lockchaos.checker.history.OpType;
import io.lockchaos.checker.history.Process;
import io.lockchaos.checker.history.Value;
import io.lockchaos.checker.model.CasRegisterModel;
import io.lockchaos.checker.model.RegisterModel;
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
        assertTrue(cx.render().contains("read 1 but the register holds 2"), cx.render());
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
    void aFailedCasStillConstrainsTheHistory() {
        History h = new Histories()
                .invoke(0, "write", Value.of(1))
                .ok(0, "write", Value.of(1))
                .invoke(1, "cas", Histories.cas(1, 2))
                .fail(1, "cas", Histories.cas(1, 2))
                .build();
        assertEquals(Validity.INVALID, Linearizability.check(h, new CasRegisterModel(), OPTIONS).valid());
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
}
