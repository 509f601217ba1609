package io.lockchaos.checker.lock;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.history.HistoryFormatException;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.ArrayList;
import java.util.List;

/** One entry of a final read: {@code {:id "e-3-11" :prev nil :token 33 :process 3}}. */
record FinalReadEntry(String id, String prev, boolean hasPrev, Long token, Process process) {

    /** The entries of a completed {@code read-all}; a malformed one is a format error naming the event. */
    static List<FinalReadEntry> all(String source, Operation read) {
        Value entries = LockOps.Field.ENTRIES.in(read.output()).orElse(Value.NIL);
        if (!(entries instanceof Value.Vec vec)) {
            throw new HistoryFormatException(source, 0, "event " + read.completion().index()
                    + ": a :read-all needs :entries as a vector of maps, got " + entries);
        }
        List<FinalReadEntry> result = new ArrayList<>(vec.items().size());
        for (Value item : vec.items()) {
            String id = LockOps.Field.ID.string(item).orElseThrow(() -> new HistoryFormatException(source, 0,
                    "event " + read.completion().index() + ": ledger entry " + item + " has no :id"));
            result.add(new FinalReadEntry(id, LockOps.Field.PREV.string(item).orElse(null), LockOps.Field.PREV.in(item).isPresent(),
                    LockOps.token(item).orElse(null), process(LockOps.Field.PROCESS.in(item).orElse(Value.NIL))));
        }
        return result;
    }

    private static Process process(Value v) {
        if (v instanceof Value.Int i) {
            return Process.client((int) i.value());
        }
        if (v instanceof Value.Kw k) {
            return Process.named(k.name());
        }
        return v instanceof Value.Str s && !s.value().isEmpty() ? Process.named(s.value()) : null;
    }
}
