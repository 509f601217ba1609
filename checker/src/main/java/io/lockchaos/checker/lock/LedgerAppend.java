package io.lockchaos.checker.lock;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import java.util.Optional;

/** An append operation of the history, as the ledger check reads it. */
record LedgerAppend(String key, String id, String prev, boolean hasPrev, Long token, Operation operation) {

    static Optional<LedgerAppend> of(Operation op) {
        Optional<String> key = LockOps.Field.KEY.string(op.input());
        Optional<String> id = LockOps.Field.ID.string(op.input());
        if (key.isEmpty() || id.isEmpty()) {
            return Optional.empty();
        }
        boolean hasPrev = LockOps.Field.PREV.in(op.input()).isPresent();
        String prev = LockOps.Field.PREV.string(op.input()).orElse(null);
        return Optional.of(new LedgerAppend(key.get(), id.get(), prev, hasPrev, LockOps.token(op.input()).orElse(null), op));
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
