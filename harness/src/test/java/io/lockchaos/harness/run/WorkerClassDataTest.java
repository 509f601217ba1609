package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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

    private static final WorkerClassData.Seed SEED = WorkerClassData.Seed.of(List.of(
            "# backends: redlock curator", "java/lang/Object", "redis/clients/jedis/Jedis"));

    @TempDir
    Path dir;

    @Test
    void oneArchiveForEveryBackendBesideTheJarNamedByImageAndLists() throws IOException {
        Path jar = Files.createFile(dir.resolve("lockchaos-node.jar"));
        Path redlock = WorkerClassData.of(jar, "lockchaos/jvm:0133e40af4a3", "redlock", SEED).archive();
        assertEquals(dir.resolve("lockchaos-cds"), redlock.getParent());
        assertTrue(redlock.getFileName().toString().matches("worker-0133e40af4a3-[0-9a-f]{8}\\.jsa"), redlock.toString());
        assertEquals(redlock, WorkerClassData.of(jar, "lockchaos/jvm:0133e40af4a3", "curator", SEED).archive());
        assertEquals(dir.resolve("lockchaos-cds").resolve("classes-class_com.example.MyLock.txt"),
                WorkerClassData.of(jar, "lockchaos/jvm:abc", "class:com.example.MyLock", SEED).learnt());

        WorkerClassData.Seed other = WorkerClassData.Seed.of(List.of("# backends: redlock", "java/lang/String"));
        assertNotEquals(redlock, WorkerClassData.of(jar, "lockchaos/jvm:0133e40af4a3", "redlock", other).archive(),
                "another shipped list names another archive");
        Files.createDirectories(redlock.getParent());
        Files.write(redlock.getParent().resolve("classes-etcd.txt"), List.of("io/etcd/jetcd/Client"));
        assertNotEquals(redlock, WorkerClassData.of(jar, "lockchaos/jvm:0133e40af4a3", "redlock", SEED).archive(),
                "a list learnt since names another archive");
    }

    @Test
    void aBackendNoListNamesHasItsFirstWorkerWriteItsClassListWithoutTheArchive() throws IOException {
        assumeTrue(JvmContainer.engineIsLocal(), "a class list is only learnt with a local engine");
        Path jar = Files.createFile(dir.resolve("lockchaos-node.jar"));
        WorkerClassData data = WorkerClassData.of(jar, "lockchaos/jvm:abc", "redis-naive", SEED);
        assertTrue(data.toLearn());
        assertFalse(data.usable());
        assertEquals(List.of("-XX:DumpLoadedClassList=" + WorkerClassData.CLASS_LIST), data.options(true));
        assertEquals(List.of(), data.options(false));

        assertFalse(WorkerClassData.of(jar, "lockchaos/jvm:abc", "redlock", SEED).toLearn(), "the shipped list names it");
        Files.createDirectories(data.learnt().getParent());
        Files.write(data.learnt(), List.of("redis/clients/jedis/Jedis"));
        assertFalse(WorkerClassData.of(jar, "lockchaos/jvm:abc", "redis-naive", SEED).toLearn(), "learnt before");
    }

    @Test
    void theArchiveIsUsedOnlyWhenItIsNewerThanTheJarAndThenByTheLearnerTooUnlessItLearns() throws IOException {
        assumeTrue(JvmContainer.engineIsLocal(), "the archive is only used with a local engine");
        Path jar = Files.createFile(dir.resolve("lockchaos-node.jar"));
        Path archive = WorkerClassData.of(jar, "lockchaos/jvm:abc", "curator", SEED).archive();
        Files.createDirectories(archive.getParent());
        Files.createFile(archive);
        Files.setLastModifiedTime(jar, FileTime.from(Instant.parse("2026-12-01T10:00:00Z")));
        Files.setLastModifiedTime(archive, FileTime.from(Instant.parse("2026-12-01T09:00:00Z")));
        assertFalse(WorkerClassData.of(jar, "lockchaos/jvm:abc", "curator", SEED).usable(), "made from an older jar");

        Files.setLastModifiedTime(archive, FileTime.from(Instant.parse("2026-12-01T11:00:00Z")));
        WorkerClassData data = WorkerClassData.of(jar, "lockchaos/jvm:abc", "curator", SEED);
        assertTrue(data.usable());
        assertFalse(data.toLearn());
        assertEquals(List.of("-XX:SharedArchiveFile=" + WorkerClassData.ARCHIVE), data.options(true));
        assertEquals(data.options(true), data.options(false), "every worker maps it");

        WorkerClassData learns = WorkerClassData.of(jar, "lockchaos/jvm:abc", "etcd", SEED);
        assertTrue(learns.usable());
        assertFalse(learns.maps(true), "the worker that learns loads every class itself, so it lists them all");
        assertEquals(List.of("-XX:DumpLoadedClassList=" + WorkerClassData.CLASS_LIST), learns.options(true));
        assertEquals(List.of("-XX:SharedArchiveFile=" + WorkerClassData.ARCHIVE), learns.options(false));
    }

    @Test
    void listsAreMergedIntoNamesOnceThenTheJvmsAtLinesWithoutCommentsOrOtherLoadersClasses() {
        assertEquals(List.of("io/netty/Channel", "java/lang/Object", "java/lang/String",
                        "@lambda-proxy java/lang/Thread run ()V", "@lambda-proxy x/Y z ()V"),
                WorkerClassData.dumpable(List.of("# NOTE: Do not modify this file.", "java/lang/Object",
                        "@lambda-proxy x/Y z ()V", "java/lang/String", "", "io/netty/Channel", "java/lang/Object",
                        "@lambda-proxy java/lang/Thread run ()V", "com/example/Own id: 7 super: 0 source: /x.jar")));
    }

    @Test
    void theShippedListNamesItsBackendsInItsHeader() {
        WorkerClassData.Seed seed = WorkerClassData.Seed.of(List.of("# a comment", "# backends: redlock  etcd",
                "java/lang/Object"));
        assertEquals(java.util.Set.of("redlock", "etcd"), seed.backends());
        assertEquals(java.util.Set.of(), WorkerClassData.Seed.of(List.of()).backends());
    }

    @Test
    void theShippedListCoversEveryBuiltInBackend() {
        WorkerClassData.Seed shipped = WorkerClassData.Seed.load();
        for (io.lockchaos.workloads.backend.Backend b : io.lockchaos.workloads.backend.Backend.values()) {
            assertTrue(shipped.backends().contains(b.id()), "the shipped class list does not cover backend " + b.id()
                    + ": its first run after each build learns its own list; remake the shipped one with"
                    + " harness/worker-classes (its header says how)");
        }
    }

    @Test
    void theShippedListsClassesAreStillOnTheClasspath() {
        List<String> names = WorkerClassData.dumpable(WorkerClassData.Seed.load().lines()).stream()
                .filter(l -> !l.startsWith("@") && !l.contains("$$") && !l.contains("/0x")).toList();
        List<String> gone = names.stream()
                .filter(n -> ClassLoader.getSystemResource(n + ".class") == null).toList();
        assertTrue(names.size() > 5000, "the shipped list names " + names.size() + " classes");
        assertTrue(gone.size() * 20 < names.size(), gone.size() + " of the shipped list's " + names.size()
                + " classes are no longer on the classpath (" + gone.subList(0, Math.min(5, gone.size()))
                + " ...): a lock library changed; remake the list with harness/worker-classes");
    }

    @Test
    void theArchivesANewerOneSupersededGoOnceItIsTenMinutesOld() throws IOException {
        assumeTrue(JvmContainer.engineIsLocal(), "the archive is only used with a local engine");
        Path jar = Files.createFile(dir.resolve("lockchaos-node.jar"));
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(3600)));
        WorkerClassData data = WorkerClassData.of(jar, "lockchaos/jvm:abc", "curator", SEED);
        Files.createDirectories(data.archive().getParent());
        Files.createFile(data.archive());
        Path older = Files.createFile(data.archive().resolveSibling("worker-abc-00000000.jsa"));
        Path list = Files.write(data.archive().resolveSibling("classes-etcd.txt.part"), List.of("x/Y"));

        Files.setLastModifiedTime(data.archive(), FileTime.from(Instant.now().minusSeconds(60)));
        data.prepare(null, line -> { });
        assertTrue(Files.exists(older), "a run may have named it a moment ago");

        Files.setLastModifiedTime(data.archive(), FileTime.from(Instant.now().minusSeconds(11 * 60)));
        data.prepare(null, line -> { });
        assertFalse(Files.exists(older));
        assertTrue(Files.exists(data.archive()));
        assertTrue(Files.exists(list), "only archives go");
    }
}
