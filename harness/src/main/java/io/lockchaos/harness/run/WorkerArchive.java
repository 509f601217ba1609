package io.lockchaos.harness.run;

import io.lockchaos.harness.cluster.containers.JvmContainer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A class-data-sharing archive (AppCDS) of what a worker JVM loads, so that the several worker
 * JVMs of a run, which start at once on a small machine, map those classes instead of parsing
 * and verifying them from the node jar (about a third less CPU each to their first operation).
 *
 * <p>No extra process makes it: when a run finds no archive for its lock backend, its first
 * worker dumps one as it exits on the run's SIGTERM ({@code -XX:ArchiveClassesAtExit}, into a
 * file of its own that {@link #keep} then moves into place), and later runs' workers use it.
 * It lives beside the node jar, one per JVM image and backend, and is made again when the jar is
 * newer. The JVM itself checks that the archive fits (its JDK, the jar's size and time) and, when
 * not, loads classes from the jar as without one. Its messages go to the worker's standard
 * error, never into the history on standard output. Only when the Docker engine runs on this
 * machine (the archive is bind-mounted) and the scenario adds no classes of its own.
 */
final class WorkerArchive {

    /** Where a worker sees the archive. */
    static final String INSIDE = "/opt/lockchaos/worker.jsa";
    /** Where the training worker sees the archive's folder. */
    static final String TRAINING_DIR = "/opt/lockchaos/cds";
    /** JVM messages to standard error (stdout is the history), without CDS's notes on skipped classes. */
    private static final List<String> LOG = List.of("-Xlog:disable", "-Xlog:all=warning,cds=off,cds+dynamic=off:stderr");

    private final Path archive;
    private final Path training;

    private WorkerArchive(Path archive, Path training) {
        this.archive = archive;
        this.training = training;
    }

    /**
     * The archive for workers of {@code backend} running {@code jar} in {@code image}; none (empty)
     * when the engine is not local or the workers load classes of the scenario's own.
     */
    static Optional<WorkerArchive> of(Path jar, String image, String backend, boolean userClasses) {
        if (userClasses || !JvmContainer.engineIsLocal()) {
            return Optional.empty();
        }
        String name = (image.substring(image.lastIndexOf(':') + 1) + "-" + backend).toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9.-]", "_");
        Path dir = jar.toAbsolutePath().getParent().resolve("lockchaos-node-cds");
        Path archive = dir.resolve(name + ".jsa");
        try {
            if (Files.isRegularFile(archive)
                    && !Files.getLastModifiedTime(archive).toInstant().isBefore(Files.getLastModifiedTime(jar).toInstant())) {
                return Optional.of(new WorkerArchive(archive, null));
            }
            Files.createDirectories(dir);
            Path training = dir.resolve(name + "." + ProcessHandle.current().pid() + "-" + System.nanoTime() + ".tmp");
            return Optional.of(new WorkerArchive(archive, training));
        } catch (IOException unwritable) {
            // A node jar in a folder we may not write to: the workers start without an archive.
            return Optional.empty();
        }
    }

    /** Whether this run's first worker makes the archive (there is none yet, or it is older than the jar). */
    boolean training() {
        return training != null;
    }

    /** The JVM options of worker {@code index} (0-based): use the archive, or (the first, when training) dump it. */
    List<String> options(int index) {
        if (training == null) {
            return concat("-XX:SharedArchiveFile=" + INSIDE);
        }
        return index == 0 ? concat("-XX:ArchiveClassesAtExit=" + TRAINING_DIR + "/" + training.getFileName()) : LOG;
    }

    private static List<String> concat(String option) {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(option), LOG.stream()).toList();
    }

    /** Mounts what worker {@code index} needs: the archive read-only, or (the training worker) its folder. */
    JvmContainer mount(JvmContainer jvm, int index) {
        if (training == null) {
            return JvmContainer.withMount(jvm, archive, INSIDE, true);
        }
        return index == 0 ? JvmContainer.withMount(jvm, training.getParent(), TRAINING_DIR, false) : jvm;
    }

    /**
     * Once every worker exited after SIGTERM (so the training worker's dump is complete): moves
     * the dump into place, atomically, so that a run starting now sees the old archive or the new
     * one. A missing or empty dump (the worker ended otherwise) is left for the next run to retry.
     */
    void keep() {
        if (training == null) {
            return;
        }
        try {
            if (Files.isRegularFile(training) && Files.size(training) > 0) {
                Files.move(training, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException e) {
            throw new RunException("could not keep the workers' class archive " + archive + ": " + e.getMessage(), e);
        } finally {
            discard();
        }
    }

    /** Removes a dump that was not kept (a run that failed may have killed its worker while it wrote). */
    void discard() {
        if (training == null) {
            return;
        }
        try {
            Files.deleteIfExists(training);
        } catch (IOException e) {
            throw new RunException("could not remove " + training + ": " + e.getMessage(), e);
        }
    }
}
