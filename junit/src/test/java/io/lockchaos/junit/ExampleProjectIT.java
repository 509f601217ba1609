package io.lockchaos.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.run.BuildInfo;
import io.lockchaos.testkit.Await;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A team's project with lockchaos from the artifacts alone: {@code mvn install} of this
 * checkout, then {@code mvn verify -Pchaos} in a copy outside it (offline, so only what the
 * install put there and what the build had is used), with no checkout reachable the way a run
 * finds one: no {@code LOCKCHAOS_HOME} (nor {@code LOCKCHAOS_NODE_JAR}) in its environment, no
 * {@code lockchaos.home}, no checkout above its folder. The home the artifacts carry
 * ({@code lockchaos-home}) is extracted into a cache folder of this test's
 * ({@code LOCKCHAOS_CACHE}); the checkout recorded at build time is never asked, since the
 * extracted home comes first. Two projects: {@code examples/byo-lock}, whose two tests pass with
 * the verdicts its README states, and README's quick start, copied block by block, whose test
 * passes.
 *
 * <p>The install goes to a Maven repository of its own under {@code target/}, made of links to
 * the build's local repository (system property {@code lockchaos.it.repo}) except
 * {@code io/lockchaos}: the user's {@code ~/.m2} gets no lockchaos snapshot from a test, and
 * nothing is downloaded or copied again. {@link ExampleProjectIT#mvn} runs the Maven that runs
 * this build ({@code maven.home}).
 */
@Tag("chaos")
class ExampleProjectIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TEST = "WatchdogRedisLockChaosIT";

    @TempDir
    static Path work;
    private static Path repo;

    @TempDir
    Path copy;

    @BeforeAll
    static void installIntoAPrivateRepository() throws IOException, InterruptedException {
        repo = seededRepository(Path.of("target", "it-repository").toAbsolutePath());
        long start = System.nanoTime();
        assertEquals(0, mvn(ProjectRoot.find(), Path.of("target", "it-install.log"), Map.of(), "install", "-DskipTests",
                "-Dmaven.repo.local=" + repo), "mvn install in the checkout; see target/it-install.log");
        System.out.printf("example: install in %.0f s%n", (System.nanoTime() - start) / 1e9);
    }

    @Test
    void theExamplesChaosTestsPassWithTheVerdictsItsReadmeStates() throws IOException, InterruptedException {
        Path example = ProjectRoot.find().resolve("examples").resolve("byo-lock");
        Files.copy(example.resolve("pom.xml"), copy.resolve("pom.xml"));
        copyTree(example.resolve("src"), copy.resolve("src"));
        verifyWithoutACheckout(copy, Path.of("target", "it-example.log"));
        String report = Files.readString(copy.resolve("target/failsafe-reports/TEST-com.example." + TEST + ".xml"));
        assertTrue(report.contains("tests=\"2\" errors=\"0\" skipped=\"0\" failures=\"0\""), "both ran and passed: "
                + report.substring(0, Math.min(600, report.length())));
        Map<String, String> noFault = verdicts(copy, "holdsLongerThanTheTtlStayExclusiveWhileTheWatchdogRenews");
        for (String check : List.of("mutex", "holds", "tokens", "ledger")) {
            assertEquals("valid", noFault.get(check), check + " without faults: " + noFault);
        }
        Map<String, String> paused = verdicts(copy, "aHolderPausedPastTheTtlBreaksTheLockAndFencingRefusesItsWrite");
        for (String check : List.of("mutex", "holds", "ledger-unfenced")) {
            assertEquals("invalid", paused.get(check), check + " with a paused holder: " + paused);
        }
        assertEquals("valid", paused.get("ledger-fenced"), "the fenced ledger refuses the stale write: " + paused);
    }

    @Test
    void readmesQuickStartCopiedAsWrittenPasses() throws IOException, InterruptedException {
        ReadmeQuickStart.of(ProjectRoot.find().resolve("README.md")).writeTo(copy);
        verifyWithoutACheckout(copy, Path.of("target", "it-quickstart.log"));
        String report = Files.readString(copy.resolve("target/failsafe-reports/TEST-com.example.MyRedisLockChaosIT.xml"));
        assertTrue(report.contains("tests=\"1\" errors=\"0\" skipped=\"0\" failures=\"0\""), "it ran and passed: "
                + report.substring(0, Math.min(600, report.length())));
    }

    /**
     * {@code mvn -o verify -Pchaos} in {@code project}, with nothing that names a checkout, and
     * asserts it passed and ran from the home extracted into the test's cache folder.
     */
    private static void verifyWithoutACheckout(Path project, Path log) throws IOException, InterruptedException {
        for (Path dir = project.toAbsolutePath(); dir != null; dir = dir.getParent()) {
            assertFalse(Files.isRegularFile(dir.resolve("docker/setup.sh")), "a checkout above the copy: " + dir);
        }
        Path cache = work.resolve("cache");
        Map<String, String> env = new HashMap<>();
        env.put("LOCKCHAOS_HOME", null);
        env.put("LOCKCHAOS_NODE_JAR", null);
        env.put("LOCKCHAOS_CACHE", cache.toString());
        long start = System.nanoTime();
        int exit = mvn(project, log, env, "-o", "verify", "-Pchaos", "-Dmaven.repo.local=" + repo,
                "-D" + Await.FACTOR_PROPERTY + "=" + Await.factor());
        System.out.printf("%s: verify -Pchaos in %.0f s%n", log.getFileName(), (System.nanoTime() - start) / 1e9);
        assertEquals(0, exit, "mvn -o verify -Pchaos in " + project + "; see " + log);
        List<Path> homes;
        try (Stream<Path> s = Files.list(cache)) {
            homes = s.toList();
        }
        assertEquals(1, homes.size(), "one home extracted, no temporary folder left: " + homes);
        Path home = homes.get(0);
        assertTrue(home.getFileName().toString().matches("\\Q" + BuildInfo.current().version() + "\\E-[0-9a-f]{12}"),
                home.toString());
        assertTrue(Files.isExecutable(home.resolve("docker/setup.sh")), "setup.sh runs from the home");
        assertTrue(Files.isRegularFile(home.resolve("node/target/lockchaos-node.jar")), "the workers' jar");
    }

    /** Each check's verdict in the results.json of the run of test {@code method}, which the runner named after it. */
    private static Map<String, String> verdicts(Path project, String method) throws IOException {
        Path runs = project.resolve("target/lockchaos").resolve(TEST + "." + method);
        List<Path> stamps;
        try (Stream<Path> s = Files.list(runs)) {
            stamps = s.sorted().toList();
        }
        assertEquals(1, stamps.size(), "one run of " + method + ": " + stamps);
        JsonNode checks = JSON.readTree(stamps.get(0).resolve("results.json").toFile()).path("checks");
        Map<String, String> out = new java.util.LinkedHashMap<>();
        checks.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().path("valid").asBoolean(false) ? "valid"
                : e.getValue().path("valid").isBoolean() ? "invalid" : "unknown"));
        return out;
    }

    /**
     * A local repository at {@code dir} that reads everything from the build's own through
     * links, except {@code io/lockchaos}, which the install fills.
     */
    private static Path seededRepository(Path dir) throws IOException {
        Path user = Path.of(System.getProperty("lockchaos.it.repo",
                Path.of(System.getProperty("user.home"), ".m2", "repository").toString()));
        assertTrue(Files.isDirectory(user), "the build's local repository " + user);
        deleteTree(dir);
        Files.createDirectories(dir.resolve("io"));
        try (Stream<Path> top = Files.list(user)) {
            for (Path p : top.toList()) {
                if (!p.getFileName().toString().equals("io")) {
                    Files.createSymbolicLink(dir.resolve(p.getFileName().toString()), p);
                }
            }
        }
        if (Files.isDirectory(user.resolve("io"))) {
            try (Stream<Path> io = Files.list(user.resolve("io"))) {
                for (Path p : io.filter(p -> !p.getFileName().toString().equals("lockchaos")).toList()) {
                    Files.createSymbolicLink(dir.resolve("io").resolve(p.getFileName().toString()), p);
                }
            }
        }
        return dir;
    }

    /**
     * Runs Maven in {@code dir} with {@code args}, its output to {@code log}, its environment
     * this one's changed by {@code env} (a null value removes the variable); its exit code.
     */
    private static int mvn(Path dir, Path log, Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        String home = System.getProperty("maven.home");
        List<String> command = new ArrayList<>(List.of(home == null ? "mvn" : Path.of(home, "bin", "mvn").toString(), "-B"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toAbsolutePath().toFile());
        env.forEach((name, value) -> {
            if (value == null) {
                builder.environment().remove(name);
            } else {
                builder.environment().put(name, value);
            }
        });
        Process p = builder.start();
        Duration limit = Await.scaled(Duration.ofMinutes(30));
        if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " in " + dir + " did not end within " + limit + "; see " + log);
        }
        return p.exitValue();
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
