package io.lockchaos.workloads.redis;

import io.lockchaos.history.LockchaosException;

/** A release whose outcome is unknown: some nodes did not answer. The worker records it as {@code :info}. */
public class RedisReleaseException extends LockchaosException {

    public RedisReleaseException(String message, Throwable cause) {
        super(message, cause);
    }
}
