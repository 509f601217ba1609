package io.lockchaos.harness.run;

import io.lockchaos.cluster.ClusterSite;
import io.lockchaos.cluster.containers.JvmContainer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.testcontainers.containers.startupcheck.OneShotStartupCheckStrategy;
import org.testcontainers.utility.MountableFile;

/**
 * Class-data sharing for the worker JVMs: one archive of the classes the workers of every lock
 * backend load, which they map instead of reading, verifying and parsing them from the jar
 * (measured: about 0.7 s less from container start to the first operation for each worker).
 *
 * <p>The archive is dumped ({@code -Xshare:dump}, in a one-off container of the workers' JVM
 * image) from class lists: the one shipped with lockchaos ({@value #SEED}, the classes the
 * workers of its built-in backends load, each list written by a worker with
 * {@code -XX:DumpLoadedClassList}) and any a run learnt since. It lies beside the node jar, under
 * {@code lockchaos-cds/worker-<image tag>-<lists' digest>.jsa}, and is dumped again when the jar
 * is newer (a JVM checks the jar's time stamp and refuses an archive of another build), by the
 * first run that needs it, while the others wait: about 10 s, once after each build.
 *
 * <p>A backend no list names (a {@code class:} lock, or a backend added since the shipped list
 * was made) learns its own: the first worker of its first run writes the classes it loads,
 * without the archive, and the list is kept as {@code lockchaos-cds/classes-<backend>.txt},
 * across builds (class names outlive a build; a name that went away is skipped with a warning
 * when dumping). The archive holds classes only, no state of any run. It is used only with a
 * local engine (a bind mount keeps the jar's time stamp); a JVM that still finds it unusable
 * says so in the worker's log and runs without it.
 */
final class WorkerClassData {

    /** Where a worker's JVM finds the archive (mounted read-only). */
    static final String ARCHIVE = "/opt/lockchaos/worker.jsa";
    /** Where the learning worker writes the classes it loads (inside its container). */
    static final String CLASS_LIST = "/tmp/lockchaos-worker.classlist";
    /** The shipped class list (a resource beside this class). */
    static final String SEED = "worker-classes.txt";
    /** The shipped list's header line naming the backends it was learnt from. */
    static final String SEED_BACKENDS = "# backends:";

    private static final Seed SHIPPED = Seed.load();
    /** One dump at a time per archive in this JVM: the runs side by side wait for the first. */
    private static final Map<Path, ReentrantLock> DUMPING = new ConcurrentHashMap<>();
    /** Archives this JVM failed to dump: not tried again by every later run. */
    private static final Set<Path> FAILED = ConcurrentHashMap.newKeySet();

    private final Path jar;
    private final Path dir;
    private final String image;
    private final String backend;
    private final Seed seed;
    private final Path archive;

    private WorkerClassData(Path jar, String image, String backend, Seed seed) {
        this.jar = jar.toAbsolutePath();
        this.dir = this.jar.resolveSibling("lockchaos-cds");
        this.image = image;
        this.backend = backend;
        this.seed = seed;
        String tag = image.substring(image.lastIndexOf(':') + 1);
        this.archive = dir.resolve("worker-" + tag + "-" + listsDigest() + ".jsa");
    }

    /** The class data of workers of {@code backend} running {@code jar} in {@code image}. */
    static WorkerClassData of(Path jar, String image, String backend) {
        return new WorkerClassData(jar, image, backend, SHIPPED);
    }

    /** As {@link #of}, with another shipped list (for tests). */
    static WorkerClassData of(Path jar, String image, String backend, Seed seed) {
        return new WorkerClassData(jar, image, backend, seed);
    }

    /** The archive of this jar's workers: one for every backend, named by image tag and lists. */
    Path archive() {
        return archive;
    }

    /** Where a run of {@code backend} keeps the class list it learnt. */
    Path learnt() {
        return dir.resolve("classes-" + backend.replaceAll("[^A-Za-z0-9._-]", "_") + ".txt");
    }

    /** Whether the workers of this run map the archive: it exists and is newer than the jar. */
    boolean usable() {
        return JvmContainer.engineIsLocal() && newerThanJar(archive());
    }

    /** Whether this run should learn its backend's class list: no list names it, and the engine is local. */
    boolean toLearn() {
        return JvmContainer.engineIsLocal() && !seed.backends().contains(backend) && !Files.isRegularFile(learnt());
    }

    /** Whether worker {@code learner} (or not) maps the archive. */
    boolean maps(boolean learner) {
        return usable() && !(learner && toLearn());
    }

    /** The JVM options of a worker: the archive, or (for the one worker that learns) the class list. */
    List<String> options(boolean learner) {
        if (learner && toLearn()) {
            return List.of("-XX:DumpLoadedClassList=" + CLASS_LIST);
        }
        return maps(learner) ? List.of("-XX:SharedArchiveFile=" + ARCHIVE) : List.of();
    }

    /**
     * Makes the archive if it is missing or older than the jar (the first run after each build),
     * while other runs of this JVM that need it wait. A failure is said on {@code say}, once per
     * archive and JVM, and the runs go on without it.
     */
    void prepare(ClusterSite site, Consumer<String> say) {
        if (usable()) {
            forgetSuperseded();
            return;
        }
        if (!JvmContainer.engineIsLocal() || FAILED.contains(archive)) {
            return;
        }
        try {
            if (lists().isEmpty()) {
                return;
            }
        } catch (IOException e) {
            say.accept("cannot read the workers' class lists in " + dir + " (" + e + "); the runs go on without them");
            return;
        }
        dumpOnce(site, say);
    }

    /**
     * Keeps the class list the stopped {@code learner} wrote and dumps the archive again with
     * it, so the next runs map its classes too. A failure is said on {@code say} and leaves
     * things as they were.
     */
    void learnFrom(WorkerContainer learner, ClusterSite site, Consumer<String> say) {
        Path work = null;
        try {
            Files.createDirectories(dir);
            work = Files.createTempDirectory(dir, "learn-");
            Path raw = work.resolve("classes.txt");
            learner.copyOut(CLASS_LIST, raw);
            Path kept = work.resolve("kept.txt");
            Files.write(kept, dumpable(Files.readAllLines(raw, StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
            Files.move(kept, learnt(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            say.accept("kept the class list of backend " + backend + "'s workers: " + learnt());
        } catch (IOException | RuntimeException e) {
            say.accept("could not keep the class list of backend " + backend + "'s workers (" + e
                    + "); the runs go on without it");
            return;
        } finally {
            deleteQuietly(work);
        }
        new WorkerClassData(jar, image, backend, seed).dumpOnce(site, say);
    }

    private void dumpOnce(ClusterSite site, Consumer<String> say) {
        ReentrantLock lock = DUMPING.computeIfAbsent(archive, a -> new ReentrantLock());
        lock.lock();
        try {
            if (newerThanJar(archive) || FAILED.contains(archive)) {
                return;
            }
            dump(site, say);
        } finally {
            lock.unlock();
        }
    }

    private void dump(ClusterSite site, Consumer<String> say) {
        Path work = null;
        try {
            Files.createDirectories(dir);
            forgetStale(dir);
            work = Files.createTempDirectory(dir, "dump-");
            Path list = work.resolve("classes.txt");
            Files.write(list, lists(), StandardCharsets.UTF_8);
            long began = System.nanoTime();
            dumpIn(list, work.resolve("worker.jsa"), site);
            Files.move(work.resolve("worker.jsa"), archive, StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
            say.accept("made the workers' class-data archive " + archive + " in "
                    + Duration.ofNanos(System.nanoTime() - began).toMillis() + " ms");
        } catch (IOException | RuntimeException e) {
            FAILED.add(archive);
            say.accept("could not make the workers' class-data archive " + archive + " (" + e
                    + "); the runs go on without it");
        } finally {
            deleteQuietly(work);
        }
    }

    /** The lines to dump from: the shipped list's and every kept one's, each once. */
    List<String> lists() throws IOException {
        List<String> all = new ArrayList<>(seed.lines());
        for (Path kept : keptLists()) {
            all.addAll(Files.readAllLines(kept, StandardCharsets.UTF_8));
        }
        return dumpable(all);
    }

    private List<Path> keptLists() throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().matches("classes-.*\\.txt")).sorted().toList();
        }
    }

    /**
     * The archive's name carries a digest of the lists it is dumped from: a list learnt since (or
     * a new shipped one) names another archive, which the next run dumps.
     */
    private String listsDigest() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(seed.digest().getBytes(StandardCharsets.UTF_8));
            for (Path kept : keptLists()) {
                sha.update(kept.getFileName().toString().getBytes(StandardCharsets.UTF_8));
                sha.update(Files.readAllBytes(kept));
            }
            return HexFormat.of().formatHex(sha.digest(), 0, 4);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the class lists in " + dir, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The lines of class lists a dump takes, each once: class names sorted, then the JVM's
     * {@code @} lines (lambda forms and proxies, which name classes listed before them). Comments
     * go, and so do lines of classes from other loaders ({@code source:}), whose ids are each
     * list's own.
     */
    static List<String> dumpable(List<String> lines) {
        Set<String> names = new TreeSet<>();
        Set<String> at = new TreeSet<>();
        for (String line : lines) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#") || l.contains(" source: ")) {
                continue;
            }
            (l.startsWith("@") ? at : names).add(l);
        }
        List<String> out = new ArrayList<>(names);
        out.addAll(at);
        return out;
    }

    private void dumpIn(Path list, Path out, ClusterSite site) {
        String inside = "/tmp/lockchaos-classes.txt";
        String dumped = "/tmp/lockchaos-worker.jsa";
        try (JvmContainer dumper = new JvmContainer(image).withJar(jar)) {
            dumper.withCopyFileToContainer(MountableFile.forHostPath(list), inside)
                    .withNetworkMode("none")
                    .withLabels(site.helperLabels("class-data"))
                    .withStartupCheckStrategy(new OneShotStartupCheckStrategy().withTimeout(Duration.ofMinutes(2)))
                    .withJava("-Xshare:dump", "-XX:SharedClassListFile=" + inside, "-XX:SharedArchiveFile=" + dumped,
                            "-Xlog:cds=error", "-cp", JvmContainer.JAR);
            try {
                dumper.start();
            } catch (RuntimeException e) {
                String log = dumper.getContainerId() == null ? "" : dumper.getLogs();
                String[] lines = log.strip().split("\n");
                Throwable root = e;
                while (root.getCause() != null) {
                    root = root.getCause();
                }
                throw new IllegalStateException("-Xshare:dump failed: " + root + "; its last lines: "
                        + String.join(" | ", java.util.Arrays.copyOfRange(lines, Math.max(0, lines.length - 3),
                        lines.length)), e);
            }
            dumper.copyFileFromContainer(dumped, out.toString());
        }
    }

    private boolean newerThanJar(Path file) {
        try {
            return Files.isRegularFile(file)
                    && Files.getLastModifiedTime(file).compareTo(Files.getLastModifiedTime(jar)) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Removes what no run can use any more: archives older than the jar (a JVM refuses them),
     * and what a run killed while it learnt or dumped left behind (folders over an hour old).
     */
    private void forgetStale(Path dir) throws IOException {
        FileTime hourAgo = FileTime.from(Instant.now().minus(Duration.ofHours(1)));
        try (var files = Files.newDirectoryStream(dir)) {
            for (Path p : files) {
                String name = p.getFileName().toString();
                if (name.matches("(learn|dump)-.*") && Files.getLastModifiedTime(p).compareTo(hourAgo) < 0) {
                    deleteQuietly(p);
                } else if (name.endsWith(".jsa") && !newerThanJar(p)) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /**
     * Deletes the archives this one superseded (dumped from fewer lists), once it is ten minutes
     * old: a run that named an older one created its containers long before.
     */
    private void forgetSuperseded() {
        try {
            if (Files.getLastModifiedTime(archive).toInstant().isAfter(Instant.now().minus(Duration.ofMinutes(10)))) {
                return;
            }
            try (var files = Files.newDirectoryStream(dir, "worker-*.jsa")) {
                for (Path p : files) {
                    if (!p.equals(archive)) {
                        Files.deleteIfExists(p);
                    }
                }
            }
        } catch (IOException e) {
            // An archive left over is only disk space.
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A temporary folder beside the archive: harmless if it stays.
        }
    }

    /**
     * A shipped class list: the backends it was learnt from ({@value #SEED_BACKENDS} header) and
     * its lines.
     */
    record Seed(Set<String> backends, List<String> lines, String digest) {

        static Seed of(List<String> text) {
            Set<String> backends = new TreeSet<>();
            for (String line : text) {
                if (line.startsWith(SEED_BACKENDS)) {
                    backends.addAll(List.of(line.substring(SEED_BACKENDS.length()).strip().split("\\s+")));
                }
            }
            backends.remove("");
            try {
                byte[] hash = MessageDigest.getInstance("SHA-256")
                        .digest(String.join("\n", text).getBytes(StandardCharsets.UTF_8));
                return new Seed(Set.copyOf(backends), List.copyOf(text), HexFormat.of().formatHex(hash, 0, 8));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }

        static Seed load() {
            try (InputStream in = WorkerClassData.class.getResourceAsStream(SEED)) {
                if (in == null) {
                    return of(List.of());
                }
                return of(new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList());
            } catch (IOException e) {
                return of(List.of());
            }
        }
    }
}
