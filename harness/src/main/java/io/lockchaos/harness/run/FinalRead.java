package io.lockchaos.harness.run;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.storage.LedgerEntry;
import io.lockchaos.workloads.storage.Storage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The run's last step on the data: one {@code read-all} of every ledger key, recorded as
 * {@code :process :final} ops ({@code {:key "k" :fencing "fenced" :entries [{:id :prev :token :process} ...]}};
 * {@code :fencing} tells the ledger check whether the store looked at tokens).
 * A read that throws is {@code :info} with the error: the ledger check then says unknown.
 */
final class FinalRead {

    private final Function<Fencing, Storage> open;
    private final long start;
    private final Consumer<Op> record;

    /**
     * @param open a client of the store a lane of that mode keeps its ledgers in, as the harness
     *     reaches it (127.0.0.1 and published ports): the storage node, or for {@code guarded} the
     *     etcd members
     * @param start the run's start, {@code System.nanoTime()}
     */
    FinalRead(Function<Fencing, Storage> open, long start, Consumer<Op> record) {
        this.open = open;
        this.start = start;
        this.record = record;
    }

    /**
     * Reads every key of {@code keys}, each recorded with the fencing mode its lane's store used;
     * a guarded lane's keys from etcd, every other from the storage node, each read plain.
     */
    void readAll(Map<String, Fencing> keys) {
        Map<Boolean, Storage> stores = new HashMap<>();
        try {
            for (Map.Entry<String, Fencing> k : keys.entrySet()) {
                boolean inEtcd = k.getValue() == Fencing.GUARDED;
                String key = k.getKey();
                Value input = LockOps.readAll(key);
                record.accept(op(OpType.INVOKE, input, Value.NIL));
                try {
                    Storage ledgers = stores.computeIfAbsent(inEtcd,
                            etcd -> open.apply(etcd ? Fencing.GUARDED : Fencing.UNFENCED));
                    List<Value> entries = new ArrayList<>();
                    for (LedgerEntry e : ledgers.readAll(key)) {
                        entries.add(entry(e));
                    }
                    record.accept(op(OpType.OK, LockOps.readAll(key, k.getValue(), entries), Value.NIL));
                } catch (RuntimeException e) {
                    record.accept(op(OpType.INFO, input, Value.of(e.toString())));
                }
            }
        } finally {
            stores.values().forEach(Storage::close);
        }
    }

    private static Value entry(LedgerEntry e) {
        return LockOps.entry(e.id(), e.prev(), e.token(), e.writer());
    }

    private Op op(OpType type, Value value, Value error) {
        return new Op(0, System.nanoTime() - start, type, Process.FINAL, LockOps.READ_ALL, value, error, Map.of());
    }
}
