package io.lockchaos.cluster;

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

    /**
     * What a container that did not start says: Testcontainers' own message ("Container startup
     * failed for image ...") and, when it differs, the message of the cause that started it all
     * (a network that is gone, a port taken). Testcontainers' logging of the same failure, with its
     * stack trace, is off (simplelogger.properties): this line is the only report of it.
     */
    public static String startFailure(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String first = String.valueOf(e.getMessage());
        String last = String.valueOf(root.getMessage()).strip();
        return root == e || first.contains(last) ? first : first + " (" + root.getClass().getSimpleName() + ": " + last + ")";
    }
}
