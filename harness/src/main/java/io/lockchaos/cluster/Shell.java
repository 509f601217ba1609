package io.lockchaos.cluster;

import java.io.IOException;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.GenericContainer;

/** A shell script run inside a node's container while the cluster is wired; a failure is a {@link ClusterException}. */
final class Shell {

    private Shell() {
    }

    /**
     * Runs {@code script} with {@code sh -c} in {@code node}'s container and returns its output.
     *
     * @param what what the script is for, in messages ("route its quorum links")
     * @throws ClusterException naming the node, the script and its output when it cannot run or exits non-zero
     */
    static String run(GenericContainer<?> container, String node, String script, String what) {
        ExecResult r;
        try {
            r = container.execInContainer("sh", "-c", script);
        } catch (IOException e) {
            throw new ClusterException("could not " + what + " in " + node + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while trying to " + what + " in " + node, e);
        }
        if (r.getExitCode() != 0) {
            throw new ClusterException("in " + node + ", '" + script + "' (to " + what + ") exited " + r.getExitCode()
                    + ": " + r.getStdout() + r.getStderr());
        }
        return r.getStdout();
    }
}
