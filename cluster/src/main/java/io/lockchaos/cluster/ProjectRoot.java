package io.lockchaos.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * Finds the lockchaos home: a directory holding {@code docker/setup.sh}, laid out like a
 * checkout. Taken from the system property {@code lockchaos.home}, else the environment
 * variable {@code LOCKCHAOS_HOME} (the {@code ./lockchaos} script sets it), else the nearest
 * ancestor of the working directory that has {@code docker/setup.sh}, else the home the
 * {@code lockchaos-home} artifact carries, extracted to a cache folder ({@link ExtractedHome}),
 * else the checkout this lockchaos was built in ({@code checkout.properties}, written by the
 * build).
 *
 * <p>A project of a user's outside the checkout ({@code lockchaos-junit} tests) has
 * {@code lockchaos-home} on its test classpath, so it needs no checkout at all. The extracted
 * home comes before the recorded checkout because it was built with the very classes that run:
 * the checkout may have moved on since the artifacts were installed (another commit, a branch,
 * a {@code mvn clean} that removed its jars) or moved away.
 */
public final class ProjectRoot {

    private ProjectRoot() {
    }

    /**
     * The home's root directory.
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
        Optional<Path> extracted = ExtractedHome.find().filter(ProjectRoot::isRoot);
        if (extracted.isPresent()) {
            return extracted.get();
        }
        Optional<Path> built = builtIn().filter(ProjectRoot::isRoot);
        if (built.isPresent()) {
            return built.get();
        }
        throw new ClusterException("cannot find the lockchaos checkout (a directory with docker/setup.sh) above "
                + Path.of("").toAbsolutePath() + (builtIn().map(b -> " nor at " + b + ", where it was built").orElse(""))
                + ", and io.lockchaos:lockchaos-home is not on the classpath; add it (lockchaos-junit brings it), "
                + "run from inside a checkout or set LOCKCHAOS_HOME");
    }

    /** The checkout the build recorded, if this code came from a build that recorded one. */
    private static Optional<Path> builtIn() {
        try (InputStream in = ProjectRoot.class.getResourceAsStream("checkout.properties")) {
            if (in == null) {
                return Optional.empty();
            }
            Properties p = new Properties();
            p.load(in);
            String home = p.getProperty("home", "");
            return home.isBlank() || home.contains("${") ? Optional.empty()
                    : Optional.of(Path.of(home).toAbsolutePath().normalize());
        } catch (IOException unreadable) {
            return Optional.empty();
        }
    }

    private static boolean isRoot(Path dir) {
        return Files.isRegularFile(dir.resolve("docker").resolve("setup.sh"));
    }
}
