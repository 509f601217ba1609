package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.lockchaos.cluster.containers.JvmContainer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkerClassDataTest {

    @TempDir
    Path dir;

    @Test
    void oneArchivePerBackendAndImageBesideTheJar() throws IOException {
        Path jar = Files.createFile(dir.resolve("lockchaos-node.jar"));
        assertEquals(dir.resolve("lockchaos-cds").resolve("worker-redlock-0133e40af4a3.jsa"),
                WorkerClassData.of(jar, "lockchaos/jvm:0133e40af4a3", "redlock").archive());
        assertEquals("worker-class_com.example.MyLock-abc.jsa",
                WorkerClassData.of(jar, "lockchaos/jvm:abc", "class:com.example.MyLock").archive().getFileName().toString());
    }

    @Test
    void withoutAnArchiveOneWorkerWritesItsClassListAndTheOthersRunAsBefore() throws IOException {
        assumeTrue(JvmContainer.engineIsLocal(), "the archive is only learnt with a local engine");
        Path jar = Files.createFile(dir.resolve("lockchaos-node.jar"));
        WorkerClassData data = WorkerClassData.of(jar, "lockchaos/jvm:abc", "redis-naive");
        assertFalse(data.usable());
        assertTrue(data.toLearn());
        assertEquals(List.of("-XX:DumpLoadedClassList=" + WorkerClassData.CLASS_LIST), data.options(true));
        assertEquals(List.of(), data.options(false));
    }

    @Test
    void anArchiveIsUsedOnlyWhenItIsNewerThanTheJar() throws IOException {
        assumeTrue(JvmContainer.engineIsLocal(), "the archive is only used with a local engine");
        Path jar = Files.createFile(dir.resolve("lockchaos-node.jar"));
        Path archive = WorkerClassData.of(jar, "lockchaos/jvm:abc", "curator").archive();
        Files.createDirectories(archive.getParent());
        Files.createFile(archive);
        Files.setLastModifiedTime(jar, FileTime.from(Instant.parse("2026-12-01T10:00:00Z")));
        Files.setLastModifiedTime(archive, FileTime.from(Instant.parse("2026-12-01T09:00:00Z")));
        assertFalse(WorkerClassData.of(jar, "lockchaos/jvm:abc", "curator").usable(), "made from an older jar");

        Files.setLastModifiedTime(archive, FileTime.from(Instant.parse("2026-12-01T11:00:00Z")));
        WorkerClassData data = WorkerClassData.of(jar, "lockchaos/jvm:abc", "curator");
        assertTrue(data.usable());
        assertFalse(data.toLearn());
        assertEquals(List.of("-XX:SharedArchiveFile=" + WorkerClassData.ARCHIVE), data.options(true));
        assertEquals(data.options(true), data.options(false), "every worker maps it");
    }
}
