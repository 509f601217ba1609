package io.lockchaos.cluster.nemesis;

import io.lockchaos.faults.nemesis.NemesisException;

/**
 * The container of a node is gone (removed): the engine answered 404. On Ctrl-C or SIGTERM the
 * run's heal runs while Testcontainers' exit hook prunes the same containers, so a container may
 * vanish between two calls. A removed container runs nothing, is not paused, has no iptables rule
 * and no clock: its node's state questions answer so ({@link ContainerOps#isRunning}), and a heal
 * finds nothing left to undo on it, rather than failing.
 */
final class ContainerGoneException extends NemesisException {

    ContainerGoneException(String node, Throwable cause) {
        super("the container of " + node + " is gone (removed)", cause);
    }
}
