package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.ProjectRoot;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's class-data archive for run commands ({@code ./lockchaos}): of the archives
 * training runs left ({@code lockchaos-run.jsa.<pid>.part}), the next command adopts only one
 * that its run marked ({@code .ok}), whose writer is gone and that a JVM maps; it deletes the
 * others of gone writers (unmarked, or cut short) and leaves a live writer's alone. Runs the
 * real script on the real jar in a checkout of its own (the script and links to the built
 * jars); needs no Docker engine.
 */
class LauncherClassDataIT {

    private static final String ARCHIVE = "lockchaos-run.jsa";

    @TempDir
    Path tmp;

    @Test
    void adoptsOnlyAMarkedArchiveOfAGoneWriterThatAJvmMaps() throws Exception {
        Path home = checkout();
        Path target = home.resolve("harness").resolve("target");
        Path good = target.resolve(ARCHIVE + "." + gonePid() + ".part");
        dump(target.resolve("lockchaos.jar"), good);
        // Byte for byte unlike the good one, so adopting it instead would show; it maps all the same.
        Path unmarked = copy(good, target.resolve(ARCHIVE + "." + gonePid() + ".part"));
        assertTrue(unmarked.toFile().setWritable(true), "the JVM writes archives read-only");
        Files.write(unmarked, new byte[] {0}, java.nio.file.StandardOpenOption.APPEND);
        Path cut = copy(good, target.resolve(ARCHIVE + "." + gonePid() + ".part"));
        assertTrue(cut.toFile().setWritable(true), "the JVM writes archives read-only");
        try (RandomAccessFile f = new RandomAccessFile(cut.toFile(), "rw")) {
            f.write(new byte[4096]); // its header not yet written, as when the writer was killed
        }
        Path live = copy(good, target.resolve(ARCHIVE + "." + ProcessHandle.current().pid() + ".part"));
        for (Path marked : List.of(good, cut, live)) {
            Files.createFile(Path.of(marked + ".ok"));
        }
        byte[] trained = Files.readAllBytes(good);

        // -Xshare:on: the JVM fails unless the archive the launcher gives it maps.
        Result version = launch(home, "-Xshare:on", "--version");

        assertEquals(0, version.exit(), version.output());
        assertTrue(version.output().contains("lockchaos"), version.output());
        assertArrayEquals(trained, Files.readAllBytes(target.resolve(ARCHIVE)), "the marked archive was adopted");
        for (Path gone : List.of(good, unmarked, cut)) {
            assertFalse(Files.exists(gone), gone + " is gone");
            assertFalse(Files.exists(Path.of(gone + ".ok")), gone + ".ok is gone");
        }
        assertTrue(Files.exists(live) && Files.exists(Path.of(live + ".ok")), "a live writer's archive stays");
    }

    @Test
    void aRunWithoutAnArchiveIsTheTrainingRunAndOtherCommandsAreNot() throws Exception {
        Path home = checkout();
        Path target = home.resolve("harness").resolve("target");

        Result help = launch(home, null, "run", "--help");

        assertEquals(0, help.exit(), help.output());
        try (var parts = Files.list(target)) {
            List<String> names = parts.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(ARCHIVE)).toList();
            assertEquals(1, names.size(), "the run wrote one archive as it exited: " + names);
            assertTrue(names.get(0).matches("lockchaos-run\\.jsa\\.\\d+\\.part"), names.toString());
        }
        // 'run --help' reached no verdict, so its archive is unmarked: the next command deletes it.
        Result version = launch(home, null, "--version");

        assertEquals(0, version.exit(), version.output());
        try (var parts = Files.list(target)) {
            assertEquals(List.of(), parts.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(ARCHIVE)).toList(), "nothing adopted, nothing left");
        }
    }

    /** A checkout of the script and links to this checkout's built jars. */
    private Path checkout() throws IOException {
        Path root = ProjectRoot.find();
        Path home = tmp.toRealPath();
        Files.copy(root.resolve("lockchaos"), home.resolve("lockchaos"));
        for (String jar : List.of("harness/target/lockchaos.jar", "node/target/lockchaos-node.jar")) {
            Path link = home.resolve(jar);
            Files.createDirectories(link.getParent());
            Files.createSymbolicLink(link, root.resolve(jar));
        }
        return home;
    }

    private static Path copy(Path from, Path to) throws IOException {
        return Files.copy(from, to);
    }

    /** The id of a process that has ended. */
    private static long gonePid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return p.pid();
    }

    /** A dynamic archive as a training run writes it, of {@code jar} under the path the launcher uses. */
    private static void dump(Path jar, Path archive) throws Exception {
        Process p = new ProcessBuilder(java(), "-XX:ArchiveClassesAtExit=" + archive, "-Xlog:cds=off",
                "-Xlog:cds+dynamic=off", "-jar", jar.toString(), "--version").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertTrue(Files.size(archive) > 0, "the JVM wrote " + archive + ": " + out);
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private record Result(int exit, String output) {
    }

    /** Runs the checkout's {@code ./lockchaos ARGS}; {@code javaOptions} replaces its JVM options when given. */
    private static Result launch(Path home, String javaOptions, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("bash", home.resolve("lockchaos").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true);
        builder.environment().remove("LOCKCHAOS_CDS");
        builder.environment().put("PATH", Path.of(java()).getParent() + ":" + System.getenv("PATH"));
        if (javaOptions != null) {
            builder.environment().put("LOCKCHAOS_JAVA_OPTS", javaOptions);
        }
        Process p = builder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
        return new Result(p.exitValue(), out);
    }
}
