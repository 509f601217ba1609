package io.lockchaos.workloads.storage;

/** An append's outcome: applied, or refused for a stale token. */
public sealed interface AppendResult permits AppendResult.Applied, StaleToken {

    /** The entry is in the ledger. */
    record Applied() implements AppendResult {
    }

    AppendResult APPLIED = new Applied();
}
