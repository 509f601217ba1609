package io.lockchaos.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.run.BuildInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * README's quick start without Docker: its blocks, copied as written into a new folder, are a
 * whole project (a pom, a lock, a chaos test), and the Java compiles against lockchaos's
 * artifacts. {@code ExampleProjectIT} builds and runs the same copy with Maven to a pass.
 */
class ReadmeQuickStartTest {

    private static final ReadmeQuickStart QUICK = ReadmeQuickStart.of(ProjectRoot.find().resolve("README.md"));

    @TempDir
    Path dir;

    @Test
    void theQuickStartIsAPomALockAndAChaosTest() {
        assertEquals(List.of("pom.xml", "src/main/java/com/example/MyRedisLock.java",
                "src/test/java/com/example/MyRedisLockChaosIT.java"), List.copyOf(QUICK.files().keySet()));
    }

    @Test
    void itsJavaCompilesAsWrittenAgainstLockchaossArtifacts() throws IOException {
        Path project = QUICK.writeTo(dir);
        List<Path> sources = QUICK.named(".java").stream().map(project::resolve).toList();
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Path out = Files.createDirectories(dir.resolve("target/classes"));
        boolean ok;
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            ok = javac.getTask(null, files, diagnostics, List.of("--release", "17", "-Xlint:all", "-Werror",
                            "-classpath", System.getProperty("java.class.path"), "-d", out.toString()), null,
                    files.getJavaFileObjectsFromPaths(sources)).call();
        }
        assertTrue(ok, diagnostics.getDiagnostics().stream().map(ReadmeQuickStartTest::describe)
                .collect(Collectors.joining("\n")));
        try (Stream<Path> classes = Files.walk(out)) {
            assertEquals(Set.of("MyRedisLock.class", "MyRedisLockChaosIT.class"), classes
                    .map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".class")).collect(Collectors.toSet()));
        }
    }

    @Test
    void itsPomImportsThisVersionsBomAndDependsOnWhatTheJavaImports() throws Exception {
        Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(QUICK.writeTo(dir).resolve("pom.xml").toFile());
        List<String> dependencies = new ArrayList<>();
        NodeList all = pom.getElementsByTagName("dependency");
        String bomVersion = null;
        for (int i = 0; i < all.getLength(); i++) {
            Element d = (Element) all.item(i);
            String artifact = text(d, "artifactId");
            if (artifact.equals("lockchaos-bom")) {
                bomVersion = text(d, "version");
                assertEquals("import", text(d, "scope"));
            } else {
                dependencies.add(artifact + ":" + (text(d, "scope").isEmpty() ? "compile" : text(d, "scope")));
            }
        }
        assertEquals(BuildInfo.current().version(), bomVersion, "the BOM of the lockchaos these tests run");
        assertEquals(List.of("lockchaos-workloads:compile", "jedis:compile", "lockchaos-junit:test", "junit-jupiter:test"),
                dependencies, "the lock (src/main) needs the SPI and Jedis at compile scope");
        String failsafe = Files.readString(dir.resolve("pom.xml"));
        assertTrue(failsafe.contains("<include>**/*ChaosIT.java</include>")
                && QUICK.named("ChaosIT.java").size() == 1, "Failsafe's includes take the test");
    }

    private static String text(Element parent, String tag) {
        NodeList nodes = parent.getElementsByTagName(tag);
        return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().strip();
    }

    private static String describe(Diagnostic<? extends JavaFileObject> d) {
        return d.getKind() + " " + (d.getSource() == null ? "" : d.getSource().getName() + ":" + d.getLineNumber())
                + " " + d.getMessage(Locale.ROOT);
    }
}
