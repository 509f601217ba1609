package io.lockchaos.harness.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.checker.lock.LockChecks;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Assertions on a recorded lock history: the checker's four lock checks must all say valid,
 * and, checked directly here as a second opinion, the hold intervals (acquire ok → release
 * invoke) of different processes never overlap, tokens grow with time, and the final ledger is
 * a chain holding every acknowledged append once.
 */
final class Exclusion {

    /** One grant as the client believed it: from its acquire's ok to its release's invoke. */
    record Hold(Process process, long from, long to, Long token) {
    }

    private Exclusion() {
    }

    static List<Hold> holds(History h) {
        List<Hold> holds = new ArrayList<>();
        Map<Process, Op> open = new HashMap<>();
        Map<Process, Long> lastTime = new HashMap<>();
        for (Op op : h.ops()) {
            lastTime.put(op.process(), op.time());
            if (op.f().equals("acquire") && op.type() == OpType.OK) {
                open.put(op.process(), op);
            } else if (op.f().equals("release") && op.isInvoke() && open.containsKey(op.process())) {
                Op granted = open.remove(op.process());
                holds.add(new Hold(op.process(), granted.time(), op.time(), granted.value().getLong("token").orElse(null)));
            }
        }
        open.forEach((p, granted) -> holds.add(new Hold(p, granted.time(), lastTime.get(p),
                granted.value().getLong("token").orElse(null))));
        holds.sort((a, b) -> Long.compare(a.from(), b.from()));
        return holds;
    }

    /** Asserts mutual exclusion, token growth and the ledger chain; returns how many grants there were. */
    static int assertHeld(History h, int workers, boolean tokens) {
        List<Hold> holds = holds(h);
        for (int i = 1; i < holds.size(); i++) {
            Hold before = holds.get(i - 1);
            Hold after = holds.get(i);
            assertTrue(after.from() >= before.to(), "holds overlap: " + before + " and " + after);
            if (tokens) {
                assertTrue(after.token() != null && before.token() != null && after.token() > before.token(),
                        "tokens must grow: " + before + " then " + after);
            }
        }
        Set<Process> holders = new HashSet<>();
        holds.forEach(x -> holders.add(x.process()));
        assertTrue(holders.size() >= Math.min(2, workers), "several workers got the lock: " + holders);
        assertLedgerChain(h);
        assertLockChecksValid(h);
        return holds.size();
    }

    /** Every one of {@link LockChecks}' checks is valid. */
    static void assertLockChecksValid(History h) {
        for (CheckResult result : new LockChecks().checkEach(h, CheckOptions.defaults())) {
            assertEquals(Validity.VALID, result.valid(), result.check() + ": " + result.summary() + " " + result.evidence());
        }
    }

    static void assertLedgerChain(History h) {
        Op finalRead = h.ops().stream().filter(op -> op.process().equals(Process.FINAL) && op.type() == OpType.OK)
                .findFirst().orElseThrow(() -> new AssertionError("no final read-all"));
        List<Value> entries = ((Value.Vec) finalRead.value().get("entries").orElseThrow()).items();
        String previous = null;
        List<String> ids = new ArrayList<>();
        for (Value e : entries) {
            assertEquals(previous, e.getString("prev").orElse(null), "lost update before " + e);
            previous = e.getString("id").orElseThrow();
            ids.add(previous);
        }
        assertEquals(ids.size(), new HashSet<>(ids).size(), "no entry twice");
        for (Op op : h.ops()) {
            if (op.f().equals("append") && op.type() == OpType.OK) {
                assertTrue(ids.contains(op.value().getString("id").orElseThrow()), "acknowledged append present: " + op);
            }
            if (op.f().equals("append") && op.type() == OpType.FAIL) {
                String id = op.value().getString("id").orElseThrow();
                assertTrue(ids.stream().noneMatch(x -> Objects.equals(x, id)), "failed append absent: " + op);
            }
        }
        assertTrue(ids.size() >= 2, "the workers appended: " + ids);
    }
}
