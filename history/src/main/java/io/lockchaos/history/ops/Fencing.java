package io.lockchaos.history.ops;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What the ledger store checks of a request's fencing token (docs/design.md, "Fencing"): the
 * storage mode a scenario names ({@code "storage": ["unfenced", "fenced"]}), the one a
 * read-all records as {@code :fencing}, and the one the simulator's generated histories use.
 */
public enum Fencing {
    /** Appends anything; tokens are recorded, not checked (Redis {@code SET NX PX} and a plain store). */
    UNFENCED("unfenced", false, false),
    /** Rejects a read or an append whose token is older than the highest processed. */
    FENCED("fenced", true, true),
    /** Rejects an append with an older token; reads pass and do not raise the mark. */
    WRITES_ONLY("fenced-writes-only", false, true),
    /**
     * Fences inside the lock service itself (backend {@code etcd} only): the ledger lives in etcd,
     * and each read and append is one transaction that goes through only while the holder's lock
     * key still has the create revision it was granted with (Jepsen's {@code LockingEtcdSetClient}
     * guard); otherwise it is refused like a stale token.
     */
    GUARDED("guarded", true, true);

    private final String id;
    private final boolean reads;
    private final boolean appends;

    Fencing(String id, boolean reads, boolean appends) {
        this.id = id;
        this.reads = reads;
        this.appends = appends;
    }

    /** The name scenario files and histories use: {@code fenced-writes-only}. */
    public String id() {
        return id;
    }

    /** Whether reads are checked against (and raise) the highest token. */
    public boolean fencesReads() {
        return reads;
    }

    /** Whether appends are checked against (and raise) the highest token. */
    public boolean fencesAppends() {
        return appends;
    }

    /** Whether every request must carry a token. */
    public boolean needsTokens() {
        return reads || appends;
    }

    /** The mode named {@code id}, if one is. */
    public static Optional<Fencing> byId(String id) {
        return Arrays.stream(values()).filter(f -> f.id.equals(id)).findFirst();
    }

    /** Every mode's name, for messages: {@code unfenced, fenced, fenced-writes-only, guarded}. */
    public static String ids() {
        return Arrays.stream(values()).map(Fencing::id).collect(Collectors.joining(", "));
    }
}
