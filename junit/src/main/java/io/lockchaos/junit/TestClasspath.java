package io.lockchaos.junit;

import io.lockchaos.harness.run.CliJar;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * The test JVM's classpath as the worker containers need it: every entry of
 * {@code java.class.path}, with the {@code Class-Path} of a manifest-only jar (Surefire's and
 * Failsafe's booter jar) opened up, less the entries the workers' {@code lockchaos.jar} already
 * holds (lockchaos's modules, Jedis, Curator, Jackson, ...). What is left is the project's own
 * classes folders and the libraries of its own; they go to the workers as {@code lock.classpath}.
 *
 * <p>An entry counts as held when the jar has its first class file (in name order) under the
 * same name, or, for an entry without classes, its Maven {@code pom.properties}.
 */
final class TestClasspath {

    private final List<Path> entries;
    private final Supplier<Set<String>> held;

    /**
     * @param entries the classpath, in order
     * @param held the names of the entries of the workers' jar; asked once, when first needed
     */
    TestClasspath(List<Path> entries, Supplier<Set<String>> held) {
        this.entries = List.copyOf(entries);
        this.held = held;
    }

    /** This JVM's classpath, held against the CLI jar's entries ({@link CliJar#entryNames()}). */
    static TestClasspath ofThisJvm() {
        List<Path> given = Stream.of(System.getProperty("java.class.path", "").split(File.pathSeparator))
                .filter(s -> !s.isBlank()).map(Path::of).toList();
        return new TestClasspath(given, CliJar::entryNames);
    }

    /** The entries the workers lack, in classpath order, absolute, each once. */
    List<Path> userEntries() {
        Set<String> jar = held.get();
        List<Path> out = new ArrayList<>();
        for (Path entry : expanded()) {
            if (Files.exists(entry) && sample(entry).map(s -> !jar.contains(s)).orElse(false)) {
                out.add(entry);
            }
        }
        return out;
    }

    /** Every entry, a jar's manifest {@code Class-Path} right after it (recursively), each once. */
    List<Path> expanded() {
        Set<Path> seen = new LinkedHashSet<>();
        entries.forEach(e -> expand(e.toAbsolutePath().normalize(), seen));
        return List.copyOf(seen);
    }

    private static void expand(Path entry, Set<Path> seen) {
        if (!seen.add(entry) || !Files.isRegularFile(entry)) {
            return;
        }
        String classPath = manifestClassPath(entry);
        if (classPath == null) {
            return;
        }
        URI base = entry.getParent().toUri();
        for (String item : classPath.trim().split("\\s+")) {
            if (!item.isEmpty()) {
                expand(Path.of(base.resolve(item)).toAbsolutePath().normalize(), seen);
            }
        }
    }

    private static String manifestClassPath(Path jar) {
        try (JarFile file = new JarFile(jar.toFile())) {
            Manifest m = file.getManifest();
            return m == null ? null : m.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
        } catch (IOException notAJar) {
            return null;
        }
    }

    /**
     * The name that stands for {@code entry} in a jar: its first class file, else its
     * {@code pom.properties}; empty for an entry with neither (nothing to run in a worker).
     */
    static Optional<String> sample(Path entry) {
        if (Files.isDirectory(entry)) {
            try (Stream<Path> all = Files.walk(entry)) {
                return all.filter(p -> p.getFileName().toString().endsWith(".class")).map(p -> entry.relativize(p)
                        .toString().replace(File.separatorChar, '/')).filter(n -> !n.endsWith("module-info.class"))
                        .sorted().findFirst();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list the classpath folder " + entry, e);
            }
        }
        Set<String> names = names(entry);
        return names.stream().filter(n -> n.endsWith(".class") && !n.endsWith("module-info.class")
                && !n.startsWith("META-INF/")).sorted().findFirst()
                .or(() -> names.stream().filter(n -> n.startsWith("META-INF/maven/") && n.endsWith("/pom.properties"))
                        .sorted().findFirst());
    }

    /** The entry names of {@code jar}; none for a file that is not a jar. */
    static Set<String> names(Path jar) {
        Set<String> names = new HashSet<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (Enumeration<JarEntry> e = file.entries(); e.hasMoreElements(); ) {
                names.add(e.nextElement().getName());
            }
        } catch (IOException notAJar) {
            return Set.of();
        }
        return names;
    }
}
