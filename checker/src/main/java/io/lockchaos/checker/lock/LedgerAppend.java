package io.lockchaos.checker.lock;

import io.lockchaos.history.OpType;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import java.util.Optional;

/** An append operation of the history, as the ledger check reads it. */
record LedgerAppend(String key, String id, String prev, boolean hasPrev, Long token, Operation operation) {

    static Optional<LedgerAppend> of(Operation op) {
        Optional<String> key = op.input().getString("key");
        Optional<String> id = op.input().getString("id");
        if (key.isEmpty() || id.isEmpty()) {
            return Optional.empty();
        }
        boolean hasPrev = op.input().get("prev").isPresent();
        String prev = op.input().getString("prev").orElse(null);
        return Optional.of(new LedgerAppend(key.get(), id.get(), prev, hasPrev, LockValues.token(op.input()), op));
    }

    Process process() {
        return operation.process();
    }

    /** When the append took effect at the latest known: its completion, else its invocation. */
    long time() {
        return operation.isOk() ? operation.completion().time() : operation.invokeTime();
    }

    /** Of two appends of the same id (a retry), the one that more surely happened: ok, then info, then fail. */
    static LedgerAppend likelier(LedgerAppend a, LedgerAppend b) {
        return rank(b.operation.type()) > rank(a.operation.type()) ? b : a;
    }

    private static int rank(OpType type) {
        return type == OpType.OK ? 2 : type == OpType.INFO ? 1 : 0;
    }
}
