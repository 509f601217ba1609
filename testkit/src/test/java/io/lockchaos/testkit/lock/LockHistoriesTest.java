package io.lockchaos.testkit.lock;

import io.lockchaos.history.ops.Fencing;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LockHistoriesTest {

    @Test
    void theSameSeedGivesTheSameHistory() {
        History a = LockHistories.generate(7, 3_000, 4, 2, Fencing.FENCED, LockAnomaly.EXPIRED_LEASE).history();
        History b = LockHistories.generate(7, 3_000, 4, 2, Fencing.FENCED, LockAnomaly.EXPIRED_LEASE).history();
        assertEquals(a.ops(), b.ops());
        History c = LockHistories.generate(8, 3_000, 4, 2, Fencing.FENCED, LockAnomaly.EXPIRED_LEASE).history();
        assertTrue(!a.ops().equals(c.ops()), "another seed gives another history");
    }

    @Test
    void aHistoryHasTheWorkloadsShape() {
        History h = LockHistories.valid(3, 20_000, 6, 2);
        assertTrue(h.size() >= 20_000 && h.size() < 20_000 + 200, "about the asked size: " + h.size());
        long previous = -1;
        for (Op op : h.ops()) {
            assertTrue(op.time() >= previous, "times never go back: " + op);
            previous = op.time();
        }
        List<Operation> ops = h.operations();
        assertTrue(count(ops, "acquire", OpType.FAIL) > 0, "some waiting acquires give up");
        assertTrue(count(ops, "acquire", OpType.INFO) > 0, "some acquires time out");
        assertTrue(ops.stream().anyMatch(o -> o.process() == Process.NEMESIS), "the nemesis acts");
        assertEquals(2, ops.stream().filter(o -> o.process().equals(Process.FINAL) && o.isOk()).count(),
                "one final read per lock");
        assertTrue(maxPendingAcquires(h) >= 2, "workers wait for a held lock concurrently");
        Set<Process> retired = new HashSet<>();
        ops.stream().filter(o -> o.f().equals("acquire") && o.isIndeterminate()).forEach(o -> retired.add(o.process()));
        for (Operation op : ops) {
            if (retired.contains(op.process())) {
                assertTrue(op.f().equals("acquire") && op.isIndeterminate()
                        || op.invokeTime() < lastInfoAcquire(ops, op.process()), "a process timed out is retired");
            }
        }
    }

    @Test
    void impossibleAnomaliesAreRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> LockHistories.generate(1, 100, 1, 1, Fencing.FENCED, LockAnomaly.EXPIRED_LEASE));
        assertThrows(IllegalArgumentException.class,
                () -> LockHistories.generate(1, 100, 2, 1, Fencing.UNFENCED, LockAnomaly.TOKEN_REGRESSION));
    }

    private static long count(List<Operation> ops, String f, OpType type) {
        return ops.stream().filter(o -> o.f().equals(f) && o.type() == type).count();
    }

    private static long lastInfoAcquire(List<Operation> ops, Process process) {
        return ops.stream().filter(o -> o.process().equals(process) && o.f().equals("acquire") && o.isIndeterminate())
                .mapToLong(Operation::invokeTime).max().orElse(Long.MAX_VALUE);
    }

    private static int maxPendingAcquires(History h) {
        int pending = 0;
        int max = 0;
        for (Op op : h.ops()) {
            if (op.f().equals("acquire")) {
                pending += op.isInvoke() ? 1 : -1;
                max = Math.max(max, pending);
            }
        }
        return max;
    }
}
