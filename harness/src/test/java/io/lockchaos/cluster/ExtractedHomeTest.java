package io.lockchaos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExtractedHomeTest {

    private static final Map<String, String> FILES = Map.of(
            "home.properties", "version=1.0-SNAPSHOT\nnode=abc\n",
            "docker/setup.sh", "#!/usr/bin/env bash\necho ready\n",
            "docker/common/faketime-exec", "#!/bin/sh\nexec \"$@\"\n",
            "docker/redis/Dockerfile", "FROM lockchaos/debian:bookworm\n");

    @TempDir
    Path dir;

    @Test
    void aJarsHomeIsExtractedLaidOutLikeACheckoutWithItsScriptsExecutable() throws IOException {
        Path home = ExtractedHome.extractOnce(stampIn(jar()), dir.resolve("cache").resolve("1.0-SNAPSHOT-x"));
        for (Map.Entry<String, String> f : FILES.entrySet()) {
            assertEquals(f.getValue(), Files.readString(home.resolve(f.getKey())), f.getKey());
        }
        assertTrue(Files.isExecutable(home.resolve("docker/setup.sh")), "setup.sh runs");
        assertTrue(Files.isExecutable(home.resolve("docker/common/faketime-exec")), "a script the images copy");
        assertFalse(Files.isExecutable(home.resolve("docker/redis/Dockerfile")), "no #!, no x bit");
        assertEquals(List.of("1.0-SNAPSHOT-x"), names(home.getParent()), "no temporary folder left");
    }

    @Test
    void aFolderUnderItsFinalNameIsUsedAsItIs() throws IOException {
        Path target = Files.createDirectories(dir.resolve("cache").resolve("1.0-SNAPSHOT-x"));
        assertEquals(target, ExtractedHome.extractOnce(stampIn(jar()), target));
        assertEquals(List.of(), names(target), "complete by its name: nothing written into it");
    }

    @Test
    void aClassesFoldersHomeIsExtractedToo() throws IOException {
        Path classes = dir.resolve("classes");
        for (Map.Entry<String, String> f : FILES.entrySet()) {
            Path p = classes.resolve(ExtractedHome.PREFIX + f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue());
        }
        URL stamp = classes.resolve(ExtractedHome.STAMP).toUri().toURL();
        Path home = ExtractedHome.extractOnce(stamp, dir.resolve("cache").resolve("h"));
        assertEquals(FILES.get("docker/setup.sh"), Files.readString(home.resolve("docker/setup.sh")));
        assertTrue(Files.isExecutable(home.resolve("docker/setup.sh")));
    }

    @Test
    void fourJvmsExtractingAtOnceAllGetOneCompleteHome() throws Exception {
        URL stamp = stampIn(jar());
        Path target = dir.resolve("cache").resolve("1.0-SNAPSHOT-x");
        CyclicBarrier start = new CyclicBarrier(4);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Path>> got = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Callable<Path> extract = () -> {
                    start.await();
                    return ExtractedHome.extractOnce(stamp, target);
                };
                got.add(pool.submit(extract));
            }
            for (Future<Path> f : got) {
                Path home = f.get();
                assertEquals(target, home);
                assertEquals(FILES.get("docker/setup.sh"), Files.readString(home.resolve("docker/setup.sh")));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(List.of("1.0-SNAPSHOT-x"), names(target.getParent()), "the losers' temporary folders removed");
    }

    private Path jar() throws IOException {
        Path jar = dir.resolve("lockchaos-home.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new JarEntry(ExtractedHome.PREFIX));
            out.putNextEntry(new JarEntry("META-INF/other.txt"));
            out.write("not the home's".getBytes(StandardCharsets.UTF_8));
            for (Map.Entry<String, String> f : FILES.entrySet()) {
                out.putNextEntry(new JarEntry(ExtractedHome.PREFIX + f.getKey()));
                write(out, f.getValue());
            }
        }
        return jar;
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }

    private static URL stampIn(Path jar) throws IOException {
        return new URL("jar:" + jar.toUri() + "!/" + ExtractedHome.STAMP);
    }

    private static List<String> names(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
