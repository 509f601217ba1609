package io.lockchaos.cluster;

import java.io.IOException;
import java.util.List;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.containers.GenericContainer;

/**
 * Commands run inside a node's container while the cluster is wired, as argument vectors, or as
 * a fixed script whose values come as positional parameters; a failure is a {@link ClusterException}.
 */
final class Shell {

    private Shell() {
    }

    /**
     * Runs {@code command}, an argument vector (no shell), in {@code node}'s container and returns its output.
     *
     * @param what what the command is for, in messages ("list its quorum connections")
     * @throws ClusterException naming the node, the command and its output when it cannot run or exits non-zero
     */
    static String run(GenericContainer<?> container, String node, String what, String... command) {
        ExecResult r;
        try {
            r = container.execInContainer(command);
        } catch (IOException e) {
            throw new ClusterException("could not " + what + " in " + node + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while trying to " + what + " in " + node, e);
        }
        if (r.getExitCode() != 0) {
            throw new ClusterException("in " + node + ", " + List.of(command) + " (to " + what + ") exited "
                    + r.getExitCode() + ": " + r.getStdout() + r.getStderr());
        }
        return r.getStdout();
    }

    /**
     * Runs the fixed shell {@code script} with {@code args} as its positional parameters (a
     * {@link ScriptCommand}): no value is part of the script's text.
     */
    static String script(GenericContainer<?> container, String node, String what, String script, String... args) {
        return run(container, node, what, new ScriptCommand(script, List.of(args)).argv());
    }

    /** The peer address of every established connection to {@code port} in {@code node}'s container ({@code ss}). */
    static List<String> connectedPeers(GenericContainer<?> container, String node, int port) {
        String out = run(container, node, "list the connections to its port " + port,
                "ss", "-Htn", "state", "established", "( sport = :" + port + " )");
        return out.lines().map(String::strip).filter(l -> !l.isEmpty())
                .map(l -> l.split("\\s+"))
                .map(cols -> cols[cols.length - 1])
                .map(peer -> peer.substring(0, peer.lastIndexOf(':')).replace("[::ffff:", "").replace("]", ""))
                .toList();
    }
}
