package io.lockchaos.checker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.History;
import io.lockchaos.history.HistoryFormatException;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

class HistoryTest {

    private static Op op(long time, OpType type, int process, String f, Value value) {
        return new Op(0, time, type, Process.client(process), f, value);
    }

    @Test
    void pairsInvocationsWithTheirProcessCompletion() {
        History h = History.of(List.of(
                op(1, OpType.INVOKE, 0, "write", Value.of(1)),
                op(2, OpType.INVOKE, 1, "read", Value.NIL),
                op(3, OpType.OK, 1, "read", Value.of(1)),
                op(4, OpType.OK, 0, "write", Value.of(1)),
                op(5, OpType.INVOKE, 1, "cas", Value.vec(Value.of(1), Value.of(2)))));
        List<Operation> ops = h.operations();
        assertEquals(3, ops.size());
        assertEquals(4, ops.get(0).completeTime());
        assertEquals(Value.of(1), ops.get(1).output());
        assertTrue(ops.get(2).isIndeterminate(), "an invocation never completed is info");
        assertEquals(Long.MAX_VALUE, ops.get(2).completeTime());
        assertEquals(List.of(0, 1, 2, 3, 4), h.ops().stream().map(Op::index).toList());
    }

    @Test
    void nemesisEventsStandAlone() {
        History h = History.of(List.of(
                new Op(0, 1, OpType.INFO, Process.NEMESIS, "start-pause", Value.map("ms", 15000))));
        assertEquals(1, h.operations().size());
        assertEquals(OpType.INFO, h.operations().get(0).type());
    }

    @Test
    void rejectsACompletionWithoutInvocation() {
        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> History.of("h.edn", List.of(op(1, OpType.OK, 2, "read", Value.NIL))));
        assertTrue(e.getMessage().startsWith("h.edn: event 0"), e.getMessage());
    }

    @Test
    void reportsPairingErrorsAtTheEventsSourceLine() {
        List<Op> events = List.of(op(1, OpType.INVOKE, 1, "read", Value.NIL), op(2, OpType.OK, 2, "read", Value.NIL));
        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> History.of("h.edn", events, new int[] {3, 7}));
        assertEquals(7, e.line());
        assertTrue(e.getMessage().startsWith("h.edn:7: event 1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> History.of("h.edn", events, new int[] {3}));
    }

    @Test
    void rejectsASecondOutstandingInvocation() {
        assertThrows(HistoryFormatException.class, () -> History.of(List.of(
                op(1, OpType.INVOKE, 2, "read", Value.NIL),
                op(2, OpType.INVOKE, 2, "read", Value.NIL))));
    }

    @Test
    void verdictsMergeByPriority() {
        assertEquals(Validity.INVALID, Validity.VALID.merge(Validity.INVALID));
        assertEquals(Validity.INVALID, Validity.UNKNOWN.merge(Validity.INVALID));
        assertEquals(Validity.UNKNOWN, Validity.VALID.merge(Validity.UNKNOWN));
        assertEquals(Validity.VALID, Validity.VALID.merge(Validity.VALID));
    }
}
