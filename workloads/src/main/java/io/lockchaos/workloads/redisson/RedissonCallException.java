package io.lockchaos.workloads.redisson;

import io.lockchaos.history.LockchaosException;

/**
 * A Redisson call whose outcome is unknown: it failed (a timeout, a lost connection) or gave no
 * answer within its bound. The worker records it as {@code :info}.
 */
public class RedissonCallException extends LockchaosException {

    public RedissonCallException(String message, Throwable cause) {
        super(message, cause);
    }
}
