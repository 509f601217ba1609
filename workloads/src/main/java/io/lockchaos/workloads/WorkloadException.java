package io.lockchaos.workloads;

import io.lockchaos.history.LockchaosException;

/**
 * A workload was configured wrongly or its worker cannot run: an unknown backend, a missing
 * setting, an unreadable config file. The message names the setting and what to do. Failures
 * of the lock service or the storage at run time are not this: they become {@code :info} ops.
 */
public class WorkloadException extends LockchaosException {

    public WorkloadException(String message) {
        super(message);
    }

    public WorkloadException(String message, Throwable cause) {
        super(message, cause);
    }
}
