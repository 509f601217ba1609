package io.lockchaos.testkit.lock;

import io.lockchaos.history.Process;
import io.lockchaos.history.Value;

/** One worker of the simulation: its current process, cycle and grant. Mutable, simulation-only. */
final class SimWorker {

    final int slot;
    int processId;
    Process process;
    int appends;
    SimLock lock;
    long token;
    Value tokenValue;
    Value heldLock;
    Value heldKey;
    long generation;
    long grantTime;
    Value lastRead;
    /** Whether {@link #lastRead} was made stale on purpose: the next applied append is a lost update. */
    boolean staleRead;
    int invokeEvent;
    long tokenSeenAtInvoke;
    long invokeTime;
    int attempt;
    boolean waiting;
    boolean done;

    SimWorker(int slot) {
        this.slot = slot;
        this.processId = slot;
        this.process = Process.client(slot);
    }

    /** Jepsen's rule after an indeterminate operation: the process is retired, the worker goes on as a new one. */
    void retire(int workers) {
        processId += workers;
        process = Process.client(processId);
    }
}
