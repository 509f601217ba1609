package io.lockchaos.cluster;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.shaded.com.github.dockerjava.core.DefaultDockerClientConfig;

/**
 * Makes the Docker engine and the images ready before the first Docker call of this JVM:
 * runs the checkout's {@code docker/setup.sh} once (a fraction of a second when all is ready;
 * on a fresh machine it installs and starts the engine and builds the images). Only what
 * needs the engine gets here, and only after its arguments are checked, so {@code check},
 * {@code list}, {@code report}, {@code --help} and bad usage never wait for it.
 *
 * <p>The script's output goes to standard error: standard output stays the command's own
 * ({@code cluster status --json}, a fault's JSON lines).
 */
public final class EngineSetup {

    private static boolean done;

    private EngineSetup() {
    }

    /**
     * Runs {@code docker/setup.sh} unless it already succeeded in this JVM.
     *
     * @throws ClusterException when the checkout is not found or the script fails, naming it
     */
    public static synchronized void ensure() {
        if (done) {
            return;
        }
        Path setup = ProjectRoot.find().resolve("docker").resolve("setup.sh");
        makeClientAlongside();
        int exit;
        try {
            Process p = new ProcessBuilder("bash", setup.toString()).redirectErrorStream(true).start();
            p.getOutputStream().close();
            p.getInputStream().transferTo(System.err);
            exit = p.waitFor();
        } catch (IOException e) {
            throw new ClusterException("cannot run " + setup + " (" + e.getMessage() + "); run it by hand", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while " + setup + " made the Docker engine ready", e);
        }
        if (exit != 0) {
            throw new ClusterException(setup + " failed (exit " + exit + "); its messages are above");
        }
        done = true;
    }

    /**
     * Makes Testcontainers' client (its engine discovery, two {@code /info} calls and many
     * classes: about half a second) on a daemon thread while the script runs, when the engine
     * docker-java finds by default ({@code DOCKER_HOST}, else the local socket) already answers a
     * ping. Testcontainers remembers a failed discovery for the life of the JVM, so it is not
     * asked while the script may still be starting the engine; the first real call joins the
     * discovery under way, and says what failed if it did.
     */
    private static void makeClientAlongside() {
        URI host;
        try {
            host = DefaultDockerClientConfig.createDefaultConfigBuilder().build().getDockerHost();
        } catch (RuntimeException e) {
            return; // a DOCKER_HOST docker-java cannot read: Testcontainers will say what it makes of it
        }
        if (!EngineWatch.answersNow(host)) {
            return;
        }
        DaemonTask.start("docker-client", () -> {
            try {
                DockerClientFactory.instance().client();
            } catch (RuntimeException e) {
                // The first real call fails the same way and says so.
            }
        });
    }
}
