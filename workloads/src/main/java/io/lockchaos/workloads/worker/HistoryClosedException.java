package io.lockchaos.workloads.worker;

import io.lockchaos.history.LockchaosException;

/**
 * An operation was about to start after the worker's history was closed (the worker is
 * stopping and its grace ran out). The operation is not started: a write the history does not
 * show would reach the ledger's final read unexplained and make the ledger check cry wolf.
 */
public final class HistoryClosedException extends LockchaosException {

    public HistoryClosedException(String message) {
        super(message);
    }
}
