package io.lockchaos.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which classpath entries go to the workers: those the workers' jar lacks, found through a
 * manifest-only booter jar as Surefire and Failsafe start tests.
 */
class TestClasspathTest {

    @TempDir
    Path dir;

    @Test
    void theWorkersGetTheEntriesTheirJarLacksInClasspathOrder() throws IOException {
        Path lockchaos = dir(Map.of("io/lockchaos/harness/run/Run.class", ""));
        Path classes = dir(Map.of("com/example/MyLock.class", "", "com/example/Other.class", ""));
        Path testClasses = dir(Map.of("com/example/MyLockChaosIT.class", ""));
        Path redisson = jar("redisson.jar", null, Map.of("org/redisson/Redisson.class", ""));
        Path jedis = jar("jedis.jar", null, Map.of("redis/clients/jedis/Jedis.class", ""));
        Path resourcesOnly = jar("webjar.jar", null, Map.of("META-INF/maven/org.webjars/x/pom.properties", ""));
        Path booter = jar("surefirebooter.jar", "classes/ " + dir.relativize(lockchaos) + "/ " + jedis.toUri() + " "
                + redisson.getFileName() + " " + resourcesOnly.getFileName(), Map.of());
        Set<String> held = Set.of("io/lockchaos/harness/run/Run.class", "redis/clients/jedis/Jedis.class",
                "META-INF/maven/org.webjars/x/pom.properties");
        Files.move(classes, dir.resolve("classes"));
        TestClasspath cp = new TestClasspath(List.of(booter, testClasses), () -> held);
        assertEquals(List.of(dir.resolve("classes"), redisson, testClasses), cp.userEntries());
        assertEquals(List.of(booter, dir.resolve("classes"), lockchaos, jedis, redisson, resourcesOnly, testClasses),
                cp.expanded(), "the booter's Class-Path, relative and absolute, opened up in place");
    }

    @Test
    void aFolderStandsForItselfByItsFirstClassAJarWithoutClassesByItsPom() throws IOException {
        assertEquals("a/A.class", TestClasspath.sample(dir(Map.of("b/B.class", "", "a/A.class", "", "a/x.txt", ""))).orElseThrow());
        Path pomOnly = jar("p.jar", null, Map.of("META-INF/maven/g/a/pom.properties", ""));
        assertEquals("META-INF/maven/g/a/pom.properties", TestClasspath.sample(pomOnly).orElseThrow());
        assertEquals(true, TestClasspath.sample(jar("empty.jar", null, Map.of())).isEmpty());
    }

    private Path dir(Map<String, String> files) throws IOException {
        Path root = Files.createTempDirectory(dir, "cp");
        for (var f : files.entrySet()) {
            Path file = root.resolve(f.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, f.getValue());
        }
        return root;
    }

    private Path jar(String name, String classPath, Map<String, String> files) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (classPath != null) {
            m.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
        }
        Path jar = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
            for (var f : files.entrySet()) {
                j.putNextEntry(new JarEntry(f.getKey()));
                j.write(f.getValue().getBytes());
                j.closeEntry();
            }
        }
        return jar;
    }
}
