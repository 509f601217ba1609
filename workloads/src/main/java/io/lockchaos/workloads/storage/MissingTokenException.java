package io.lockchaos.workloads.storage;

import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.WorkloadException;

/** A fenced store was asked to serve a request without a fencing token. */
public class MissingTokenException extends WorkloadException {

    public MissingTokenException(Fencing fencing, String what, String key) {
        super("the " + fencing.id() + " storage needs a fencing token for " + what + " on '" + key
                + "'; use a lock with tokens (curator) or set the lock option tokens=zk or tokens=redis-incr,"
                + " or use unfenced storage");
    }
}
