package io.lockchaos.harness.cluster;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the lockchaos checkout: the directory holding {@code docker/setup.sh}. Taken from
 * the system property {@code lockchaos.home}, else the environment variable
 * {@code LOCKCHAOS_HOME} (the {@code ./lockchaos} script sets it), else the nearest
 * ancestor of the working directory that has {@code docker/setup.sh}.
 */
public final class ProjectRoot {

    private ProjectRoot() {
    }

    /**
     * The checkout's root directory.
     *
     * @throws ClusterException when none is found, saying how to point at it
     */
    public static Path find() {
        String configured = System.getProperty("lockchaos.home", System.getenv("LOCKCHAOS_HOME"));
        if (configured != null && !configured.isBlank()) {
            Path root = Path.of(configured).toAbsolutePath();
            if (!isRoot(root)) {
                throw new ClusterException("lockchaos.home / LOCKCHAOS_HOME is " + root
                        + " but it has no docker/setup.sh; point it at the lockchaos checkout");
            }
            return root;
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (isRoot(dir)) {
                return dir;
            }
        }
        throw new ClusterException("cannot find the lockchaos checkout (a directory with docker/setup.sh) above "
                + Path.of("").toAbsolutePath() + "; run from inside it or set LOCKCHAOS_HOME");
    }

    private static boolean isRoot(Path dir) {
        return Files.isRegularFile(dir.resolve("docker").resolve("setup.sh"));
    }
}
