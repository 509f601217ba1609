package io.lockchaos.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The lockchaos home that the {@code lockchaos-home} artifact carries, for a project with no
 * checkout on its machine: the images' build contexts ({@code docker/}, with {@code setup.sh}),
 * the node jar the worker and proxy containers run, and the CLI jar's entry names, under
 * {@code io/lockchaos/home/} on the classpath. At first use they are extracted to
 * {@code <cache>/<version>-<hash>/}, laid out like a checkout, where the cache is the system
 * property {@code lockchaos.cache}, else {@code LOCKCHAOS_CACHE}, else
 * {@code $XDG_CACHE_HOME/lockchaos}, else {@code ~/.cache/lockchaos}. The hash is taken of
 * {@code home.properties}, which holds the checksums the build took of what the jar carries, so
 * a SNAPSHOT rebuilt under one version gets a folder of its own.
 *
 * <p>The extraction writes into a temporary folder beside the final one and renames it into
 * place: a folder under its final name is complete, and of two JVMs extracting at once one
 * rename wins and the other uses the winner's folder. A file that begins with {@code #!} is made
 * executable (a jar keeps no file modes; the images copy the scripts as they are).
 */
public final class ExtractedHome {

    /** Where the artifact keeps the home, on the classpath. */
    static final String PREFIX = "io/lockchaos/home/";
    static final String STAMP = PREFIX + "home.properties";
    static final String CACHE_PROPERTY = "lockchaos.cache";
    static final String CACHE_ENV = "LOCKCHAOS_CACHE";

    private ExtractedHome() {
    }

    /**
     * The extracted home, extracting it first if no JVM has; empty when {@code lockchaos-home}
     * is not on the classpath.
     *
     * @throws ClusterException when it is there but cannot be extracted, naming the folder
     */
    public static Optional<Path> find() {
        URL stamp = ExtractedHome.class.getClassLoader().getResource(STAMP);
        if (stamp == null) {
            return Optional.empty();
        }
        Path target = cache().resolve(folderName(stamp));
        try {
            return Optional.of(extractOnce(stamp, target));
        } catch (IOException e) {
            throw new ClusterException("cannot extract lockchaos's images' build contexts and node jar to " + target
                    + " (" + e + "); set -D" + CACHE_PROPERTY + " or " + CACHE_ENV + " to a writable folder", e);
        }
    }

    /** The folder the homes go under. */
    static Path cache() {
        String configured = System.getProperty(CACHE_PROPERTY, System.getenv(CACHE_ENV));
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured).toAbsolutePath();
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("lockchaos").toAbsolutePath();
    }

    /** {@code <version>-<first 12 hex digits of the SHA-256 of home.properties>}. */
    private static String folderName(URL stamp) {
        byte[] bytes;
        try (InputStream in = stamp.openStream()) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + stamp, e);
        }
        Properties p = new Properties();
        try {
            p.load(new java.io.StringReader(new String(bytes, StandardCharsets.ISO_8859_1)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + stamp, e);
        }
        String version = p.getProperty("version", "unknown").replaceAll("[^A-Za-z0-9._-]", "_");
        try {
            return version + "-" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes))
                    .substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e);
        }
    }

    /** {@code target} once complete: as found, or extracted into a temporary folder and renamed into place. */
    static Path extractOnce(URL stamp, Path target) throws IOException {
        if (Files.isDirectory(target)) {
            return target;
        }
        Files.createDirectories(target.getParent());
        Path tmp = Files.createTempDirectory(target.getParent(), target.getFileName() + ".part-");
        try {
            extract(stamp, tmp);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("the file system of " + target.getParent() + " cannot rename atomically", e);
            } catch (IOException lost) {
                // Another JVM renamed its complete copy into place first (rename(2) onto a
                // non-empty folder fails, with ENOTEMPTY or EEXIST): use that one.
                if (!Files.isDirectory(target)) {
                    throw lost;
                }
            }
        } finally {
            deleteTree(tmp);
        }
        if (!Files.isDirectory(target)) {
            throw new IOException(target + " is missing after its extraction");
        }
        return target;
    }

    /** Copies every resource under {@link #PREFIX} next to {@code stamp} (in a jar, or a classes folder) into {@code into}. */
    private static void extract(URL stamp, Path into) throws IOException {
        if ("jar".equals(stamp.getProtocol())) {
            String spec = stamp.getPath();
            Path jar = fileOf(URI.create(spec.substring(0, spec.indexOf("!/"))));
            try (JarFile file = new JarFile(jar.toFile())) {
                for (Enumeration<JarEntry> e = file.entries(); e.hasMoreElements(); ) {
                    JarEntry entry = e.nextElement();
                    if (entry.getName().startsWith(PREFIX) && !entry.isDirectory()) {
                        try (InputStream in = file.getInputStream(entry)) {
                            write(in, into, entry.getName().substring(PREFIX.length()));
                        }
                    }
                }
            }
        } else {
            Path root = fileOf(stamp).getParent();
            try (Stream<Path> all = Files.walk(root)) {
                for (Path p : all.filter(Files::isRegularFile).toList()) {
                    try (InputStream in = Files.newInputStream(p)) {
                        write(in, into, root.relativize(p).toString().replace(java.io.File.separatorChar, '/'));
                    }
                }
            }
        }
    }

    private static void write(InputStream in, Path into, String relative) throws IOException {
        Path out = into.resolve(relative).normalize();
        if (!out.startsWith(into)) {
            throw new IOException("entry " + relative + " leaves " + into);
        }
        Files.createDirectories(out.getParent());
        Files.copy(in, out);
        if (startsWithShebang(out)) {
            try {
                Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rwxr-xr-x"));
            } catch (UnsupportedOperationException notPosix) {
                out.toFile().setExecutable(true, false);
            }
        }
    }

    private static boolean startsWithShebang(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(2);
            return head.length == 2 && head[0] == '#' && head[1] == '!';
        }
    }

    private static Path fileOf(URL url) throws IOException {
        try {
            return fileOf(url.toURI());
        } catch (URISyntaxException e) {
            throw new IOException("cannot read the lockchaos home from " + url, e);
        }
    }

    private static Path fileOf(URI uri) throws IOException {
        try {
            return Path.of(uri);
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            throw new IOException("cannot read the lockchaos home from " + uri, e);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
