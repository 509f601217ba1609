package io.lockchaos.harness.run;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.storage.LedgerEntry;
import io.lockchaos.workloads.storage.Storage;
import io.lockchaos.workloads.storage.Store;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The run's last step on the data: one {@code read-all} of every ledger key, recorded as
 * {@code :process :final} ops ({@code {:key "k" :fencing "fenced" :entries [{:id :prev :token :process} ...]}};
 * {@code :fencing} tells the ledger check whether the store looked at tokens).
 * A read that throws is {@code :info} with the error: the ledger check then says unknown.
 */
final class FinalRead {

    private final Store store;
    private final Address storage;
    private final long start;
    private final Consumer<Op> record;

    /**
     * @param store the kind of store the ledgers are in
     * @param storage the storage node as the harness reaches it (127.0.0.1 and its published port)
     * @param start the run's start, {@code System.nanoTime()}
     */
    FinalRead(Store store, Address storage, long start, Consumer<Op> record) {
        this.store = store;
        this.storage = storage;
        this.start = start;
        this.record = record;
    }

    /** Reads every key of {@code keys}, each recorded with the fencing mode its lane's store used. */
    void readAll(Map<String, Fencing> keys) {
        try (Storage ledgers = store.open(storage, Fencing.UNFENCED, Duration.ofSeconds(10))) {
            for (Map.Entry<String, Fencing> k : keys.entrySet()) {
                String key = k.getKey();
                Value input = LockOps.readAll(key);
                record.accept(op(OpType.INVOKE, input, Value.NIL));
                try {
                    List<Value> entries = new ArrayList<>();
                    for (LedgerEntry e : ledgers.readAll(key)) {
                        entries.add(entry(e));
                    }
                    record.accept(op(OpType.OK, LockOps.readAll(key, k.getValue(), entries), Value.NIL));
                } catch (RuntimeException e) {
                    record.accept(op(OpType.INFO, input, Value.of(e.toString())));
                }
            }
        }
    }

    private static Value entry(LedgerEntry e) {
        return LockOps.entry(e.id(), e.prev(), e.token(), e.writer());
    }

    private Op op(OpType type, Value value, Value error) {
        return new Op(0, System.nanoTime() - start, type, Process.FINAL, LockOps.READ_ALL, value, error, Map.of());
    }
}
