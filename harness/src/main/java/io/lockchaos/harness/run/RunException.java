package io.lockchaos.harness.run;

import io.lockchaos.history.LockchaosException;

/**
 * A run that could not be carried out (a worker that did not start, results that cannot be
 * written): the message says which step failed and where its logs are.
 */
public class RunException extends LockchaosException {

    public RunException(String message) {
        super(message);
    }

    public RunException(String message, Throwable cause) {
        super(message, cause);
    }
}
