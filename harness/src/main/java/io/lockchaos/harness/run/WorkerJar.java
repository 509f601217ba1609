package io.lockchaos.harness.run;

import io.lockchaos.harness.cluster.ProjectRoot;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The shaded {@code lockchaos.jar} that worker containers run (it holds every module): the
 * system property {@code lockchaos.jar}, else {@code harness/target/lockchaos.jar} in the
 * checkout ({@code mvn package} and {@code ./lockchaos} build it). {@code lockchaos-junit} asks it
 * which of a test's classpath entries the workers already have.
 */
public final class WorkerJar {

    private WorkerJar() {
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
            throw new RunException("the workers run " + jar + ", which does not exist; build it with "
                    + "'mvn -B -DskipTests package' (./lockchaos does) or set -Dlockchaos.jar=PATH");
        }
        return jar.toAbsolutePath();
    }
}
