package io.lockchaos.testkit.lock;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.history.Value;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** One lock of the simulation and the ledger stored under its name. Mutable, simulation-only. */
final class SimLock {

    /** A ledger entry as the store keeps it. */
    record Entry(Value id, Value prev, Value token, Value processId) {
    }

    final String name;
    final Value nameValue;
    final Value lockValue;
    final Value keyValue;
    boolean held;
    SimWorker holder;
    long generation;
    long counter;
    /** The token of the latest grant whose {@code :ok} has been recorded; 0 before any. */
    long lastCompletedToken;
    final ArrayDeque<SimWorker> waiters = new ArrayDeque<>();
    final List<Entry> entries = new ArrayList<>();
    long maxSeen = Long.MIN_VALUE;

    SimLock(String name) {
        this.name = name;
        this.nameValue = new Value.Str(name);
        this.lockValue = SimValues.dict(LockOps.Field.LOCK.keyword(), nameValue);
        this.keyValue = SimValues.dict(LockOps.Field.KEY.keyword(), nameValue);
    }

    Value last() {
        return entries.isEmpty() ? Value.NIL : entries.get(entries.size() - 1).id();
    }
}
