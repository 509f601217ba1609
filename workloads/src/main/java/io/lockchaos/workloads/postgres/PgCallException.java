package io.lockchaos.workloads.postgres;

import io.lockchaos.history.LockchaosException;

/**
 * A call to PostgreSQL whose outcome is unknown: the driver threw (a socket timeout, a reset
 * connection, the server's error). The worker records it as {@code :info}.
 */
public class PgCallException extends LockchaosException {

    public PgCallException(String message, Throwable cause) {
        super(message, cause);
    }
}
