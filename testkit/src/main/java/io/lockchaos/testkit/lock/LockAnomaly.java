package io.lockchaos.testkit.lock;

/**
 * An anomaly {@link LockHistories} can inject into a generated history, and which check is
 * meant to catch it. Each is injected once, about halfway through the history.
 */
public enum LockAnomaly {
    /**
     * A holder pauses between its read and its append for longer than its lease; the lock
     * server grants the lock to another process; the paused one wakes after that process's
     * read and appends. Caught by {@code mutex} and {@code holds}; by {@code ledger} too (a
     * lost update) unless the store fences reads and writes ({@link io.lockchaos.history.ops.Fencing#FENCED}, or
     * {@link io.lockchaos.history.ops.Fencing#GUARDED}), which refuses the late append as stale. Needs at least two workers.
     */
    EXPIRED_LEASE("mutex", "holds"),
    /**
     * The token counter loses its last increments (Redis {@code INCR} across a failover): a
     * grant repeats or goes below the token of a grant that completed before it was asked
     * for. Caught by {@code tokens}; under {@link io.lockchaos.history.ops.Fencing#GUARDED}, whose guard is
     * the holder's lock key, not the token, a smaller token lands and {@code ledger} catches it too. Needs tokens ({@link io.lockchaos.history.ops.Fencing#WRITES_ONLY} or
     * {@link io.lockchaos.history.ops.Fencing#FENCED}).
     */
    TOKEN_REGRESSION("tokens"),
    /** The store answers one read with the entry before the last: the append on it is a lost update. Caught by {@code ledger}. */
    LOST_UPDATE("ledger"),
    /** An acknowledged append is missing from the final read. Caught by {@code ledger}. */
    LOST_APPEND("ledger"),
    /** An entry appears twice in the final read. Caught by {@code ledger}. */
    DUPLICATE_ENTRY("ledger"),
    /** The store applies an append but reports it {@code :fail}. Caught by {@code ledger}. */
    FAILED_APPEND_PRESENT("ledger"),
    /** The final read contains an entry no append wrote. Caught by {@code ledger}. */
    UNKNOWN_ENTRY("ledger");

    private final java.util.List<String> caughtBy;

    LockAnomaly(String... caughtBy) {
        this.caughtBy = java.util.List.of(caughtBy);
    }

    /** The names of the checks meant to catch this anomaly whatever the fencing. */
    public java.util.List<String> caughtBy() {
        return caughtBy;
    }
}
