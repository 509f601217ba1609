package io.lockchaos.testkit.lock;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The simulation's last step: the {@code final} process reads every ledger, one
 * {@code read-all} after another. The anomalies that live in the final read (a lost, a
 * duplicated or an unknown entry) are injected here, into the first ledger long enough.
 */
final class FinalReads {

    private final SimLock[] locks;
    private final EnumSet<LockAnomaly> pending;
    private final EnumSet<LockAnomaly> injected;
    private final SplittableRandom random;

    FinalReads(SimLock[] locks, EnumSet<LockAnomaly> pending, EnumSet<LockAnomaly> injected, SplittableRandom random) {
        this.locks = locks;
        this.pending = pending;
        this.injected = injected;
        this.random = random;
    }

    void emit(List<Op> events, long start) {
        long time = start;
        for (SimLock lock : locks) {
            events.add(new Op(events.size(), time, OpType.INVOKE, Process.FINAL, LockOps.READ_ALL, lock.keyValue));
            List<Value> entries = new ArrayList<>(lock.entries.size() + 1);
            for (SimLock.Entry e : lock.entries) {
                entries.add(SimValues.dict(LockOps.Field.ID.keyword(), e.id(), LockOps.Field.PREV.keyword(), e.prev(), LockOps.Field.TOKEN.keyword(), e.token(),
                        LockOps.Field.PROCESS.keyword(), e.processId()));
            }
            corrupt(entries);
            time += 500_000;
            events.add(new Op(events.size(), time, OpType.OK, Process.FINAL, LockOps.READ_ALL,
                    SimValues.dict(LockOps.Field.KEY.keyword(), lock.nameValue, LockOps.Field.ENTRIES.keyword(), new Value.Vec(entries))));
            time += 500_000;
        }
    }

    private void corrupt(List<Value> entries) {
        if (entries.size() < 3) {
            return;
        }
        int middle = 1 + random.nextInt(entries.size() - 2);
        if (pending.remove(LockAnomaly.LOST_APPEND)) {
            entries.remove(middle);
            injected.add(LockAnomaly.LOST_APPEND);
        } else if (pending.remove(LockAnomaly.DUPLICATE_ENTRY)) {
            entries.add(middle + 1, entries.get(middle));
            injected.add(LockAnomaly.DUPLICATE_ENTRY);
        } else if (pending.remove(LockAnomaly.UNKNOWN_ENTRY)) {
            Value last = entries.get(entries.size() - 1).get(LockOps.Field.ID.text()).orElseThrow();
            entries.add(SimValues.dict(LockOps.Field.ID.keyword(), Value.of("e-ghost-1"), LockOps.Field.PREV.keyword(), last,
                    LockOps.Field.PROCESS.keyword(), Value.of(999)));
            injected.add(LockAnomaly.UNKNOWN_ENTRY);
        }
    }
}
