package io.lockchaos.checker.linear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Value;
import io.lockchaos.checker.model.ModelException;
import io.lockchaos.checker.model.Models;
import io.lockchaos.checker.model.MultiRegisterModel;
import org.junit.jupiter.api.Test;

class MultiRegisterTest {

    private static final CheckOptions OPTIONS = CheckOptions.defaults();
    private static final MultiRegisterModel MODEL = new MultiRegisterModel();

    private static Value txn(Value... micros) {
        return Value.vec(micros);
    }

    private static Value r(String key, Object value) {
        return Value.vec(Value.kw("read"), Value.kw(key), value == null ? Value.NIL : Value.of((Integer) value));
    }

    private static Value w(String key, int value) {
        return Value.vec(Value.kw("w"), Value.kw(key), Value.of(value));
    }

    @Test
    void singleKeyTxnsSplitPerKeyAndATwoKeyTxnJoinsThem() {
        Histories h = new Histories()
                .invoke(0, "txn", txn(w("x", 1))).ok(0, "txn", txn(w("x", 1)))
                .invoke(1, "txn", txn(w("y", 2))).ok(1, "txn", txn(w("y", 2)));
        LinearizabilityResult split = Linearizability.check(h.build(), MODEL, OPTIONS);
        assertEquals(Validity.VALID, split.valid(), split::summary);
        assertEquals(2, split.stats().partitions());

        h.invoke(2, "txn", txn(r("x", null), r("y", null))).ok(2, "txn", txn(r("x", 1), r("y", 2)));
        LinearizabilityResult joined = Linearizability.check(h.build(), MODEL, OPTIONS);
        assertEquals(Validity.VALID, joined.valid(), joined::summary);
        assertEquals(1, joined.stats().partitions(), "the read of x and y joins both keys");
    }

    @Test
    void aTxnThatSawHalfOfAnotherIsNotLinearizable() {
        History h = new Histories()
                .invoke(0, "txn", txn(w("x", 1), w("y", 1))).ok(0, "txn", txn(w("x", 1), w("y", 1)))
                .invoke(1, "txn", txn(r("x", null), r("y", null))).ok(1, "txn", txn(r("x", 1), r("y", 0)))
                .build();
        LinearizabilityResult r = Linearizability.check(h, MODEL.startingAt(Value.map("x", 0, "y", 0)), OPTIONS);
        assertEquals(Validity.INVALID, r.valid(), r::summary);
        assertEquals("x+y", r.counterexamples().get(0).partition());
        assertTrue(r.counterexamples().get(0).prefixes().get(0).reason().contains("holds 1"), r::summary);
    }

    @Test
    void failedTxnsAreDroppedAndIndeterminateOnesKeepOnlyTheirWrites() {
        History h = new Histories()
                .invoke(0, "txn", txn(w("x", 5))).fail(0, "txn", txn(w("x", 5)))
                .invoke(1, "txn", txn(r("x", 9), w("x", 3))).info(1, "txn", Value.kw("timed-out"))
                .invoke(2, "txn", txn(r("x", null))).ok(2, "txn", txn(r("x", 3)))
                .build();
        LinearizabilityResult r = Linearizability.check(h, MODEL, OPTIONS);
        assertEquals(Validity.VALID, r.valid(), r::summary);
    }

    @Test
    void malformedTxnsAreBadInputNamingTheEvent() {
        History h = new Histories().invoke(0, "txn", txn(Value.vec(Value.kw("incr"), Value.kw("x"), Value.of(1))))
                .ok(0, "txn", Value.NIL).build();
        ModelException e = assertThrows(ModelException.class, () -> MODEL.prepare(h.operations().get(0)));
        assertTrue(e.getMessage().startsWith("event 0 ") && e.getMessage().contains(":read (:r) or :write (:w)"),
                e.getMessage());
        assertThrows(ModelException.class, () -> MODEL.startingAt(Value.of(0)));
        assertEquals("multi-register", Models.byName("multi-register").name());
    }
}
