package io.lockchaos.harness.cluster;

import io.lockchaos.harness.cluster.containers.ProxyContainer;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Optional;
import java.util.jar.JarFile;

/**
 * Finds the shaded {@code lockchaos.jar} that the proxy container runs lockchaos's
 * Toxiproxy server from. In order: the system property {@code lockchaos.jar}, the environment
 * variable {@code LOCKCHAOS_JAR}, the jar this code runs from when it holds the server
 * ({@code ./lockchaos} runs {@code java -jar harness/target/lockchaos.jar}), else
 * {@code harness/target/lockchaos.jar} in the checkout (built by {@code package}, so present
 * when failsafe runs the container tests in {@code verify}).
 */
final class LockchaosJar {

    static final String PROPERTY = "lockchaos.jar";
    static final String ENV = "LOCKCHAOS_JAR";

    private LockchaosJar() {
    }

    /**
     * The jar to copy into the proxy container.
     *
     * @throws ClusterException when none is found or the named one lacks the server, saying how to build it
     */
    static Path find() {
        String configured = System.getProperty(PROPERTY, System.getenv(ENV));
        if (configured != null && !configured.isBlank()) {
            Path jar = Path.of(configured).toAbsolutePath();
            if (!holdsServer(jar)) {
                throw new ClusterException(PROPERTY + " / " + ENV + " is " + jar + ", which is no jar holding "
                        + ProxyContainer.SERVER_CLASS + "; point it at harness/target/lockchaos.jar");
            }
            return jar;
        }
        Optional<Path> running = runningJar().filter(LockchaosJar::holdsServer);
        if (running.isPresent()) {
            return running.get();
        }
        Path built = ProjectRoot.find().resolve("harness").resolve("target").resolve("lockchaos.jar");
        if (!holdsServer(built)) {
            throw new ClusterException("the proxy container needs " + built + " (lockchaos's Toxiproxy server), "
                    + "which is missing or incomplete: build it with 'mvn -q -B -DskipTests package' "
                    + "(./lockchaos does), or set " + ENV + " to a lockchaos.jar");
        }
        return built;
    }

    private static Optional<Path> runningJar() {
        CodeSource source = LockchaosJar.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return Optional.empty();
        }
        try {
            Path path = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(path) ? Optional.of(path) : Optional.empty();
        } catch (URISyntaxException | IllegalArgumentException notAFile) {
            return Optional.empty();
        }
    }

    private static boolean holdsServer(Path jar) {
        if (!Files.isRegularFile(jar)) {
            return false;
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.getEntry(ProxyContainer.SERVER_CLASS.replace('.', '/') + ".class") != null
                    && file.getEntry("io/lockchaos/history/LockchaosException.class") != null;
        } catch (IOException unreadable) {
            return false;
        }
    }
}
