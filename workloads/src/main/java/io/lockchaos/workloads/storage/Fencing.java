package io.lockchaos.workloads.storage;

import io.lockchaos.workloads.WorkloadException;
import java.util.Arrays;
import java.util.stream.Collectors;

/** What the storage checks of a request's fencing token. */
public enum Fencing {
    /** Appends anything; tokens are recorded, not checked. */
    UNFENCED("unfenced", false, false),
    /** Rejects a read or an append whose token is older than the highest processed. */
    FENCED("fenced", true, true),
    /** Rejects an append with an older token; reads pass and do not raise the mark. */
    WRITES_ONLY("fenced-writes-only", false, true);

    private final String id;
    private final boolean reads;
    private final boolean appends;

    Fencing(String id, boolean reads, boolean appends) {
        this.id = id;
        this.reads = reads;
        this.appends = appends;
    }

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

    /**
     * The mode named {@code id}.
     *
     * @throws WorkloadException listing the valid names
     */
    public static Fencing parse(String id) {
        for (Fencing f : values()) {
            if (f.id.equals(id)) {
                return f;
            }
        }
        throw new WorkloadException("unknown storage fencing '" + id + "'; valid: "
                + Arrays.stream(values()).map(Fencing::id).collect(Collectors.joining(", ")));
    }
}
