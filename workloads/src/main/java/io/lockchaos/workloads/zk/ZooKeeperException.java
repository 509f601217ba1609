package io.lockchaos.workloads.zk;

import io.lockchaos.history.LockchaosException;

/** A ZooKeeper request failed or its outcome is unknown; the worker records an {@code :info}. */
public class ZooKeeperException extends LockchaosException {

    public ZooKeeperException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Wraps what Curator threw (its API declares {@code Exception}), keeping interrupts. */
    static ZooKeeperException of(String what, Exception e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        return new ZooKeeperException(what + " failed: " + e, e);
    }
}
