package io.lockchaos.harness.run;

import io.lockchaos.cluster.ClusterSite;
import io.lockchaos.cluster.containers.JvmContainer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import org.testcontainers.containers.startupcheck.OneShotStartupCheckStrategy;
import org.testcontainers.utility.MountableFile;

/**
 * Class-data sharing for the worker JVMs, made once and used by every later run: an archive
 * of the classes a worker of one lock backend loads, which the workers map instead of reading,
 * verifying and parsing them from the jar (measured: about 0.7 s less from container start to
 * the first operation for each worker). The first run of a backend (after each build of the
 * node jar) has one worker write the list of classes it loads; once the workers stopped, a
 * one-off container of the same JVM image dumps the archive from that list
 * ({@code -Xshare:dump}) and it is copied out beside the jar, under
 * {@code lockchaos-cds/worker-<backend>-<image tag>.jsa}. The archive holds classes only, no
 * state of any run. It is used only with a local engine (a bind mount keeps the jar's time stamp,
 * which the JVM checks) and only when it is newer than the jar; a JVM that still finds it
 * unusable says so in the worker's log and runs without it.
 */
final class WorkerClassData {

    /** Where a worker's JVM finds the archive (mounted read-only). */
    static final String ARCHIVE = "/opt/lockchaos/worker.jsa";
    /** Where the learning worker writes the classes it loads (inside its container). */
    static final String CLASS_LIST = "/tmp/lockchaos-worker.classlist";

    private final Path jar;
    private final Path archive;
    private final String image;
    private final boolean usable;

    private WorkerClassData(Path jar, Path archive, String image, boolean usable) {
        this.jar = jar;
        this.archive = archive;
        this.image = image;
        this.usable = usable;
    }

    /** The archive for workers of {@code backend} running {@code jar} in {@code image}. */
    static WorkerClassData of(Path jar, String image, String backend) {
        String tag = image.substring(image.lastIndexOf(':') + 1);
        Path archive = jar.toAbsolutePath().resolveSibling("lockchaos-cds")
                .resolve("worker-" + backend.replaceAll("[^A-Za-z0-9._-]", "_") + "-" + tag + ".jsa");
        return new WorkerClassData(jar, archive, image, JvmContainer.engineIsLocal() && fresh(archive, jar));
    }

    private static boolean fresh(Path archive, Path jar) {
        try {
            return Files.isRegularFile(archive)
                    && Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    Path archive() {
        return archive;
    }

    /** Whether the workers of this run use the archive. */
    boolean usable() {
        return usable;
    }

    /** Whether this run should learn the archive: there is none yet, and the engine is local. */
    boolean toLearn() {
        return !usable && JvmContainer.engineIsLocal();
    }

    /** The JVM options of a worker: the archive, or (for the one worker that learns) the class list. */
    List<String> options(boolean learner) {
        if (usable) {
            return List.of("-XX:SharedArchiveFile=" + ARCHIVE);
        }
        return learner && toLearn() ? List.of("-XX:DumpLoadedClassList=" + CLASS_LIST) : List.of();
    }

    /**
     * Makes the archive from the class list the stopped {@code learner} wrote: a one-off
     * container of the workers' image dumps it, labelled as a helper of the run
     * ({@link ClusterSite#helperLabels}: the cluster's removal, which may run meanwhile, leaves it
     * alone, a dead process's clean-up does not). A failure is said on {@code say} and leaves
     * things as they were.
     */
    void learnFrom(WorkerContainer learner, ClusterSite site, Consumer<String> say) {
        Path work = null;
        try {
            Files.createDirectories(archive.getParent());
            forgetStaleWork(archive.getParent());
            work = Files.createTempDirectory(archive.getParent(), "learn-");
            Path list = work.resolve("classes.txt");
            learner.copyOut(CLASS_LIST, list);
            dump(list, work.resolve("worker.jsa"), site);
            Files.move(work.resolve("worker.jsa"), archive, StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
            say.accept("made the class-data archive of the next runs' workers: " + archive);
        } catch (IOException | RuntimeException e) {
            say.accept("could not make the workers' class-data archive " + archive + " (" + e
                    + "); the runs go on without it");
        } finally {
            deleteQuietly(work);
        }
    }

    private void dump(Path list, Path out, ClusterSite site) {
        String inside = "/tmp/lockchaos-classes.txt";
        String dumped = "/tmp/lockchaos-worker.jsa";
        try (JvmContainer dumper = new JvmContainer(image).withJar(jar)) {
            dumper.withCopyFileToContainer(MountableFile.forHostPath(list), inside)
                    .withNetworkMode("none")
                    .withLabels(site.helperLabels("class-data"))
                    .withStartupCheckStrategy(new OneShotStartupCheckStrategy().withTimeout(Duration.ofMinutes(2)))
                    .withJava("-Xshare:dump", "-XX:SharedClassListFile=" + inside, "-XX:SharedArchiveFile=" + dumped,
                            "-cp", JvmContainer.JAR);
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

    /** Removes what a run killed while it learnt left behind: {@code learn-*} folders over an hour old. */
    private static void forgetStaleWork(Path dir) throws IOException {
        FileTime hourAgo = FileTime.from(Instant.now().minus(Duration.ofHours(1)));
        try (var stale = Files.newDirectoryStream(dir, "learn-*")) {
            for (Path p : stale) {
                if (Files.getLastModifiedTime(p).compareTo(hourAgo) < 0) {
                    deleteQuietly(p);
                }
            }
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
}
