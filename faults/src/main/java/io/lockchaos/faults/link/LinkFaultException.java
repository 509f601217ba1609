package io.lockchaos.faults.link;

import io.lockchaos.history.LockchaosException;

/** A link fault could not be injected or healed: the proxy API refused it or did not answer. */
public class LinkFaultException extends LockchaosException {

    public LinkFaultException(String message, Throwable cause) {
        super(message, cause);
    }
}
