package io.lockchaos.cluster;

import io.lockchaos.cluster.containers.ProxyContainer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarFile;

/**
 * Finds the jar that the proxy and worker containers run: {@code node/target/lockchaos-node.jar},
 * history, faults and workloads shaded without the checker, Clojure or the harness (the
 * {@code node} module builds it; {@code mvn package} and {@code ./lockchaos} do). The system
 * property {@code lockchaos.nodeJar} or the environment variable {@code LOCKCHAOS_NODE_JAR}
 * names another jar instead (the shaded {@code harness/target/lockchaos.jar} holds everything
 * too). Not {@code lockchaos.jar}: that one names the CLI jar ({@code CliJar}).
 */
public final class NodeJar {

    static final String PROPERTY = "lockchaos.nodeJar";
    static final String ENV = "LOCKCHAOS_NODE_JAR";

    /** The proxy's server, the workers' main class and the root exception both need. */
    private static final List<String> NEEDED = List.of(ProxyContainer.SERVER_CLASS,
            "io.lockchaos.workloads.worker.WorkerMain", "io.lockchaos.history.LockchaosException");

    private NodeJar() {
    }

    /**
     * The jar to copy into a proxy or worker container.
     *
     * @throws ClusterException when none is found or the named one lacks a class the containers run, saying how to build it
     */
    public static Path find() {
        Optional<Path> configured = configured();
        if (configured.isPresent()) {
            return configured.get();
        }
        Path built = ProjectRoot.find().resolve("node").resolve("target").resolve("lockchaos-node.jar");
        if (!holdsNodes(built)) {
            throw new ClusterException("the proxy and worker containers run " + built + ", which is missing or "
                    + "incomplete: build it with 'mvn -q -B -DskipTests package' (./lockchaos does), or set "
                    + ENV + " to a jar holding " + String.join(", ", NEEDED));
        }
        return built.toAbsolutePath();
    }

    /**
     * The jar {@code lockchaos.nodeJar} or {@code LOCKCHAOS_NODE_JAR} names, if either is set
     * (a run checks it before it starts anything).
     *
     * @throws ClusterException when the named file is no jar holding the classes the containers run
     */
    public static Optional<Path> configured() {
        String configured = System.getProperty(PROPERTY, System.getenv(ENV));
        if (configured == null || configured.isBlank()) {
            return Optional.empty();
        }
        Path jar = Path.of(configured).toAbsolutePath();
        if (!holdsNodes(jar)) {
            throw new ClusterException(PROPERTY + " / " + ENV + " is " + jar + ", which is no jar holding "
                    + String.join(", ", NEEDED) + "; point it at node/target/lockchaos-node.jar");
        }
        return Optional.of(jar);
    }

    private static boolean holdsNodes(Path jar) {
        if (!Files.isRegularFile(jar)) {
            return false;
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            return NEEDED.stream().allMatch(c -> file.getEntry(c.replace('.', '/') + ".class") != null);
        } catch (IOException unreadable) {
            return false;
        }
    }
}
