package io.lockchaos.harness.run;

import io.lockchaos.cluster.ProjectRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The shaded CLI jar, {@code harness/target/lockchaos.jar}: the system property
 * {@code lockchaos.jar}, else the one in the checkout ({@code mvn package} and
 * {@code ./lockchaos} build it). The worker containers run the smaller node jar
 * ({@link io.lockchaos.cluster.NodeJar}, which {@code lockchaos.nodeJar} names);
 * {@code lockchaos-junit} asks this jar which
 * of a test's classpath entries lockchaos ships, so none of them (the checker, Clojure,
 * Testcontainers included) is copied to the workers as the user's classpath. A home extracted
 * from {@code lockchaos-home} has no CLI jar, only the list of its entry names,
 * {@code harness/target/lockchaos.jar.entries}, which {@link #entryNames()} reads instead.
 */
public final class CliJar {

    static final String ENTRIES = "lockchaos.jar.entries";

    private CliJar() {
    }

    /**
     * The jar, absolute.
     *
     * @throws RunException when it does not exist, saying how to build it
     */
    public static Path find() {
        Path jar = expected();
        if (!Files.isRegularFile(jar)) {
            throw new RunException("lockchaos-junit reads " + jar + ", which does not exist; build it with "
                    + "'mvn -B -DskipTests package' (./lockchaos does) or set -Dlockchaos.jar=PATH");
        }
        return jar.toAbsolutePath();
    }

    /**
     * The names of the jar's entries: read from the jar {@link #find()} finds, else from the
     * list beside where it would be ({@code lockchaos.jar.entries}, one name a line).
     *
     * @throws RunException when there is neither, saying how to build the jar
     */
    public static Set<String> entryNames() {
        Path jar = expected();
        Path list = jar.resolveSibling(ENTRIES);
        try {
            if (!Files.isRegularFile(jar) && Files.isRegularFile(list)) {
                Set<String> names = new HashSet<>();
                for (String line : Files.readAllLines(list)) {
                    if (!line.isBlank()) {
                        names.add(line.strip());
                    }
                }
                return names;
            }
            Set<String> names = new HashSet<>();
            try (JarFile file = new JarFile(find().toFile())) {
                for (Enumeration<JarEntry> e = file.entries(); e.hasMoreElements(); ) {
                    names.add(e.nextElement().getName());
                }
            }
            return names;
        } catch (IOException e) {
            throw new RunException("cannot read the entry names of " + jar + " (" + e.getMessage() + ")", e);
        }
    }

    private static Path expected() {
        String configured = System.getProperty("lockchaos.jar");
        return configured != null ? Path.of(configured)
                : ProjectRoot.find().resolve("harness").resolve("target").resolve("lockchaos.jar");
    }
}
