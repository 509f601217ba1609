package io.lockchaos.faults.nemesis;

import io.lockchaos.history.LockchaosException;

/** A fault that could not be injected or healed on a node; the message names the node and the step. */
public class NemesisException extends LockchaosException {

    public NemesisException(String message) {
        super(message);
    }

    public NemesisException(String message, Throwable cause) {
        super(message, cause);
    }
}
