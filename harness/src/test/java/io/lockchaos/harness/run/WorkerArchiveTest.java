package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.lockchaos.harness.cluster.containers.JvmContainer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When a run's workers use the class archive, when its first worker makes one, and what is kept. */
class WorkerArchiveTest {

    private static final String IMAGE = "lockchaos/jvm:0133e40af4a3";

    @TempDir
    Path dir;
    private Path jar;

    @BeforeEach
    void jar() throws IOException {
        assumeTrue(JvmContainer.engineIsLocal(), "the archive is bind-mounted: only with a local engine");
        jar = Files.writeString(dir.resolve("lockchaos-node.jar"), "a jar");
    }

    @Test
    void withoutAnArchiveTheFirstWorkerDumpsOneThatTheNextRunUses() throws IOException {
        WorkerArchive first = WorkerArchive.of(jar, IMAGE, "redis-naive", false).orElseThrow();
        assertTrue(first.training());
        String dump = single(first.options(0), "-XX:ArchiveClassesAtExit=");
        assertTrue(first.options(1).stream().noneMatch(o -> o.startsWith("-XX:")), "the others run as before: "
                + first.options(1));
        Path written = dir.resolve("lockchaos-node-cds").resolve(Path.of(dump).getFileName());
        Files.writeString(written, "dumped classes");
        first.keep();
        assertFalse(Files.exists(written), "the dump was moved");

        WorkerArchive next = WorkerArchive.of(jar, IMAGE, "redis-naive", false).orElseThrow();
        assertFalse(next.training());
        assertEquals(WorkerArchive.INSIDE, single(next.options(3), "-XX:SharedArchiveFile="));
        assertTrue(WorkerArchive.of(jar, IMAGE, "curator", false).orElseThrow().training(), "one archive per backend");
    }

    @Test
    void aJarNewerThanTheArchiveIsArchivedAgain() throws IOException {
        WorkerArchive first = WorkerArchive.of(jar, IMAGE, "redlock", false).orElseThrow();
        Files.writeString(dir.resolve("lockchaos-node-cds").resolve(
                Path.of(single(first.options(0), "-XX:ArchiveClassesAtExit=")).getFileName()), "dumped");
        first.keep();
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));
        assertTrue(WorkerArchive.of(jar, IMAGE, "redlock", false).orElseThrow().training());
    }

    @Test
    void anEmptyOrMissingDumpIsNotKept() throws IOException {
        WorkerArchive first = WorkerArchive.of(jar, IMAGE, "redis-naive", false).orElseThrow();
        Path written = dir.resolve("lockchaos-node-cds").resolve(
                Path.of(single(first.options(0), "-XX:ArchiveClassesAtExit=")).getFileName());
        Files.writeString(written, "");
        first.keep();
        assertFalse(Files.exists(written));
        assertTrue(WorkerArchive.of(jar, IMAGE, "redis-naive", false).orElseThrow().training(), "the next run tries again");
    }

    @Test
    void workersWithTheScenariosOwnClassesGetNoArchive() {
        assertTrue(WorkerArchive.of(jar, IMAGE, "redis-naive", true).isEmpty());
    }

    @Test
    void theJvmsMessagesStayOffTheHistoryOnStandardOutput() {
        WorkerArchive archive = WorkerArchive.of(jar, IMAGE, "redis-naive", false).orElseThrow();
        for (int i = 0; i < 2; i++) {
            List<String> options = archive.options(i);
            assertTrue(options.contains("-Xlog:disable") && options.stream().anyMatch(o -> o.endsWith(":stderr")),
                    options.toString());
        }
    }

    /** The value of the one option starting with {@code prefix}. */
    private static String single(List<String> options, String prefix) {
        List<String> found = options.stream().filter(o -> o.startsWith(prefix)).toList();
        assertEquals(1, found.size(), options.toString());
        return found.get(0).substring(prefix.length());
    }
}
