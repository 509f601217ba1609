package io.lockchaos.harness.cluster;

import io.lockchaos.history.LockchaosException;

/**
 * A cluster could not be started, found or removed. The message names the node, image or
 * file at fault and what to do.
 */
public class ClusterException extends LockchaosException {

    public ClusterException(String message) {
        super(message);
    }

    public ClusterException(String message, Throwable cause) {
        super(message, cause);
    }
}
