package io.lockchaos.checker.lock;

/** How a generated history's lock and store use fencing tokens (docs/design.md, "Fencing"). */
public enum Fencing {
    /** The lock hands out no tokens and the store checks none (Redis {@code SET NX PX}). */
    NONE,
    /** Grants carry tokens; the store rejects a write older than the newest token it has seen on a write. */
    WRITES,
    /** Grants carry tokens; the store remembers the newest token of reads and writes and rejects older ones. */
    ALL
}
