package io.lockchaos.cluster.containers;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.ContainerConfig;
import java.util.ArrayList;
import java.util.List;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.containers.wait.strategy.WaitStrategy;

/**
 * A server held back until a file exists: the container's entry point becomes a loop that waits
 * for the file, then runs the image's own entry point and command. A restarted container finds
 * the file and goes straight on. Whoever starts a gated container sets up what must be in place
 * before the server's first connection (NAT rules), then creates the file ({@code touch}).
 */
final class StartGate {

    /** Waits for the gate ("$0"), then runs the rest ("$@"). */
    private static final String GATED = "while [ ! -e \"$0\" ]; do sleep 0.05; done; exec \"$@\"";

    private StartGate() {
    }

    /** The entry point that waits for {@code gate}, then runs {@code image}'s own entry point and then the command. */
    static List<String> entrypoint(DockerClient docker, String image, String gate) {
        ContainerConfig config = docker.inspectImageCmd(image).exec().getConfig();
        List<String> command = new ArrayList<>(List.of("sh", "-c", GATED, gate));
        command.addAll(List.of(config.getEntrypoint() == null ? new String[0] : config.getEntrypoint()));
        return command;
    }

    /** The image's command, for a gated container that keeps it. */
    static List<String> command(DockerClient docker, String image) {
        ContainerConfig config = docker.inspectImageCmd(image).exec().getConfig();
        return List.of(config.getCmd() == null ? new String[0] : config.getCmd());
    }

    /** A gated container counts as started once it runs: its server starts only once the gate opens. */
    static WaitStrategy noWait() {
        return new AbstractWaitStrategy() {
            @Override
            protected void waitUntilReady() {
                // The caller waits for the server once it has opened the gate.
            }
        };
    }
}
