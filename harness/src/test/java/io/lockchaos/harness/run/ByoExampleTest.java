package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.cluster.Topology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bring-your-own example without Docker: the README's commands name the example's own
 * sources, classes folder and scenarios; the sources compile; the scenarios accept the compiled
 * class; and each way of getting a class backend wrong is refused naming the file and field.
 */
class ByoExampleTest {

    private static final ByoExample README = ByoExample.readme();

    @TempDir
    static Path dir;
    private static List<Path> compiled;

    /** Compiles the example once, as the README says, against the test classpath (the jar comes at package time). */
    @BeforeAll
    static void compile() {
        compiled = README.prepare(dir, System.getProperty("java.class.path"));
    }

    @Test
    void theReadmesJavacLineCompilesTheExamplesSourcesAgainstTheWorkersJar() {
        assertEquals(ByoExample.files(ByoExample.DIR.resolve("src/main/java"), ".java"), README.sources().stream().sorted().toList());
        assertEquals(ByoExample.ROOT.resolve("harness/target/lockchaos.jar"), README.classpath(),
                "the shaded CLI jar, which holds the lock SPI the workers run");
        assertEquals(List.of(), README.javacOptions());
    }

    @Test
    void theReadmeRunsEveryExampleScenarioAndTheirClasspathIsTheJavacOutput() throws IOException {
        assertEquals(ByoExample.files(ByoExample.DIR, ".json"), README.scenarios().stream().sorted().toList());
        for (Path scenario : README.scenarios()) {
            String classpath = new ObjectMapper().readTree(scenario.toFile()).get("lock").get("classpath").asText();
            assertEquals(README.classes(), scenario.getParent().resolve(classpath).normalize(), scenario.toString());
        }
    }

    @Test
    void theCompiledExampleIsAcceptedWithItsTokensAndClasspath() {
        assertEquals(README.scenarios().size(), compiled.size());
        for (Path copy : compiled) {
            Scenario s = ScenarioFile.read(copy);
            assertEquals("class:com.example.WatchdogRedisLock", s.lock().backend());
            assertEquals(List.of(dir.resolve("classes").toAbsolutePath()), s.lock().classpath());
            assertTrue(s.lock().hasTokens(), "redis-incr tokens for the fenced lane");
            assertFalse(s.lock().classTokens(), "the watchdog lock has no tokens of its own");
            assertEquals(s, ScenarioFile.parse(ScenarioFile.toJson(s, null), "scenario.json"),
                    "scenario.json records the classpath (absolute) and replays the same scenario");
        }
    }

    @Test
    void aClassBackendRunsOnAnyTopologyWithTheTokensItHas() throws IOException {
        Path file = compiled.get(0);
        String json = Files.readString(file);
        for (Topology t : Topology.values()) {
            String tokens = t.descriptor().redisService() ? "redis-incr" : "zk";
            Scenario s = ScenarioFile.parse(json.replace("redis-single", t.id()).replace("redis-incr", tokens),
                    file.toString(), dir);
            assertEquals(t, s.topology());
            assertEquals(tokens, s.lock().tokens().id());
        }
        assertRefused(json.replace("redis-single", "zookeeper"), "field 'lock.tokens' is 'redis-incr', but"
                + " topology zookeeper has no Redis lock service; allowed: zk or none on this topology");
    }

    @Test
    void eachMistakeNamesTheFileAndTheField() throws IOException {
        Path file = compiled.get(0);
        String json = Files.readString(file);
        assertRefused(json.replace("\"classpath\": \"classes\"", "\"classpath\": \"target/classes\""),
                "field 'lock.classpath' is 'target/classes' (" + dir.resolve("target/classes")
                        + ", which is neither a jar nor a directory); allowed: a jar or a classes directory");
        assertRefused(json.replace("com.example.WatchdogRedisLock", "com.example.Watchdog"),
                "field 'lock.backend': lock class com.example.Watchdog not found on lock.classpath ["
                        + dir.resolve("classes") + "] and the lockchaos jar; check the name");
        assertRefused(json.replace("com.example.WatchdogRedisLock", "java.lang.String"),
                "lock class java.lang.String does not implement io.lockchaos.workloads.lock.LockClient");
        assertRefused(json.replace("class:com.example.WatchdogRedisLock", "redis-naive"),
                "field 'lock.classpath' is given for the built-in backend redis-naive; allowed: only with a backend"
                        + " class:NAME; drop the field");
        assertRefused(json.replace("\"classpath\": \"classes\"", "\"classpath\": [\"classes\", 7]"),
                "field 'lock.classpath[1]' is 7; allowed: a path (a string)");
        assertRefused(json.replace("\"tokens\": \"redis-incr\"", "\"tokens\": \"none\""),
                "field 'lock.tokens' is 'none', but storage");
    }

    private static void assertRefused(String json, String expected) throws IOException {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, json);
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioFile.read(file));
        assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
