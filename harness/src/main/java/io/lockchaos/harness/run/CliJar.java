package io.lockchaos.harness.run;

import io.lockchaos.harness.cluster.ProjectRoot;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The shaded CLI jar, {@code harness/target/lockchaos.jar}: the system property
 * {@code lockchaos.jar}, else the one in the checkout ({@code mvn package} and
 * {@code ./lockchaos} build it). The worker containers run the smaller node jar
 * ({@link io.lockchaos.harness.cluster.NodeJar}, which {@code lockchaos.nodeJar} names);
 * {@code lockchaos-junit} asks this jar which
 * of a test's classpath entries lockchaos ships, so none of them (the checker, Clojure,
 * Testcontainers included) is copied to the workers as the user's classpath.
 */
public final class CliJar {

    private CliJar() {
    }

    /**
     * The jar, absolute.
     *
     * @throws RunException when it does not exist, saying how to build it
     */
    public static Path find() {
        String configured = System.getProperty("lockchaos.jar");
        Path jar = configured != null ? Path.of(configured)
                : ProjectRoot.find().resolve("harness").resolve("target").resolve("lockchaos.jar");
        if (!Files.isRegularFile(jar)) {
            throw new RunException("lockchaos-junit reads " + jar + ", which does not exist; build it with "
                    + "'mvn -B -DskipTests package' (./lockchaos does) or set -Dlockchaos.jar=PATH");
        }
        return jar.toAbsolutePath();
    }
}
