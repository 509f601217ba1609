package io.lockchaos.workloads.storage;

import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.WorkloadException;

/** A fenced store was asked to serve a request without a fencing token. */
public class MissingTokenException extends WorkloadException {

    /** Throws unless {@code token} is there or {@code fencing} does not fence reads. */
    public static void requireForRead(Fencing fencing, java.util.OptionalLong token, String key) {
        if (fencing.fencesReads() && token.isEmpty()) {
            throw new MissingTokenException(fencing, "a read", key);
        }
    }

    /** Throws unless {@code entry} has a token or {@code fencing} does not fence appends. */
    public static void requireForAppend(Fencing fencing, LedgerEntry entry, String key) {
        if (fencing.fencesAppends() && entry.token().isEmpty()) {
            throw new MissingTokenException(fencing, "an append", key);
        }
    }

    public MissingTokenException(Fencing fencing, String what, String key) {
        super("the " + fencing.id() + " storage needs a fencing token for " + what + " on '" + key
                + "'; use a lock with tokens (curator) or set the lock option tokens=zk or tokens=redis-incr,"
                + " or use unfenced storage");
    }
}
