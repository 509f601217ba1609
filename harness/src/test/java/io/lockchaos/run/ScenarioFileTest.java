package io.lockchaos.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.Validity;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.cluster.Topology;
import io.lockchaos.workloads.storage.Fencing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class ScenarioFileTest {

    private static final String BASE = """
            {"name": "s1", "description": "d", "topology": "redis-single",
             "lock": {"backend": "redis-naive", "ttlMs": 10000, "sessionTimeoutMs": 5000, "tokens": "redis-incr"},
             "storage": ["unfenced", "fenced"], "workers": 3, "durationMs": 30000, "schedule": "", "seed": 7,
             "expect": {"mutex": "valid", "ledger-unfenced": "invalid"}}
            """;

    @Test
    void readsEveryFieldWithDefaults() {
        Scenario s = ScenarioFile.parse(BASE, "s1.json");
        assertEquals("s1", s.name());
        assertEquals(Topology.REDIS_SINGLE, s.topology());
        assertEquals("redis-naive", s.lock().backend());
        assertEquals("redis-incr", s.lock().tokens());
        assertEquals(List.of(Fencing.UNFENCED, Fencing.FENCED), s.storage());
        assertEquals(3, s.workers());
        assertEquals(6, s.totalWorkers());
        assertEquals(1, s.locks());
        assertEquals(Duration.ofMillis(20), s.think());
        assertEquals(Duration.ofSeconds(30), s.duration());
        assertEquals(Duration.ofSeconds(1), s.quiet());
        assertEquals(7, s.seed());
        assertEquals(Validity.INVALID, s.expect().get("ledger-unfenced"));
        assertEquals(List.of("unfenced-job-0"), s.lanes().get(0).lockNames());
        assertEquals(List.of("fenced-job-0"), s.lanes().get(1).lockNames());
    }

    @Test
    void writesWhatItReadsBack() {
        Scenario s = ScenarioFile.parse(BASE, "s1.json").withSeed(99).withWorkers(2);
        String json = ScenarioFile.toJson(s, java.util.Map.of("java", "17"));
        assertEquals(s, ScenarioFile.parse(json, "scenario.json"));
    }

    @Test
    void everyShippedScenarioReads() throws IOException {
        Path folder = ProjectRoot.find().resolve("scenarios");
        try (Stream<Path> files = Files.list(folder)) {
            List<Path> json = files.filter(p -> p.toString().endsWith(".json")).toList();
            assertTrue(json.size() >= 1);
            for (Path file : json) {
                Scenario s = ScenarioFile.read(file);
                assertEquals(file.getFileName().toString(), s.name() + ".json", "a scenario's name is its file name");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "unknown topology          | \"topology\": \"redis-single\"       | \"topology\": \"etcd\"               | field 'topology' is 'etcd'; allowed: redis-single, redis-replicated",
        "backend on wrong topology | \"topology\": \"redis-single\"       | \"topology\": \"redlock\"            | field 'topology' is 'redlock', but lock backend redis-naive runs on another; allowed: redis-single",
        "unknown backend           | \"backend\": \"redis-naive\"        | \"backend\": \"etcd-lock\"           | field 'lock.backend' is 'etcd-lock'; allowed: curator, curator-cautious, redis-naive",
        "unknown token source      | \"tokens\": \"redis-incr\"          | \"tokens\": \"clock\"                | field 'lock.tokens' is 'clock'; allowed: none, redis-incr, zk",
        "fenced without tokens     | \"tokens\": \"redis-incr\"          | \"tokens\": \"none\"                 | field 'lock.tokens' is 'none', but storage [unfenced, fenced] fences",
        "unknown storage           | [\"unfenced\", \"fenced\"]          | [\"unfenced\", \"paper\"]            | field 'storage' is \"paper\"; allowed: unfenced, fenced, fenced-writes-only",
        "storage twice             | [\"unfenced\", \"fenced\"]          | [\"fenced\", \"fenced\"]             | field 'storage' is 'fenced' twice",
        "zero workers              | \"workers\": 3                     | \"workers\": 0                      | field 'workers' is 0; allowed: an integer of 1 or more",
        "workers not a number      | \"workers\": 3                     | \"workers\": \"three\"              | field 'workers' is \"three\"; allowed: an integer",
        "negative think            | \"workers\": 3                     | \"workers\": 3, \"thinkMs\": -1      | field 'thinkMs' is -1; allowed: 0 or more milliseconds",
        "unknown field             | \"workers\": 3                     | \"workerz\": 3                      | field 'workerz' is an unknown field; allowed: acquireTimeoutMs",
        "unknown check expected    | \"mutex\": \"valid\"                | \"mutux\": \"valid\"                | field 'expect.mutux' is not a check of this scenario; allowed: mutex, holds, tokens, ledger, mutex-unfenced",
        "bad verdict expected      | \"mutex\": \"valid\"                | \"mutex\": \"fine\"                 | field 'expect.mutex' is \"fine\"; allowed: valid, invalid or unknown",
        "bad schedule              | \"schedule\": \"\"                  | \"schedule\": \"at 5s frobnicate x\" | s1.json field 'schedule'",
        "bad random schedule       | \"schedule\": \"\"                  | \"schedule\": \"random every 5s gc\" | s1.json field 'schedule':1: ",
        "bad name                  | \"name\": \"s1\"                    | \"name\": \"../up\"                 | field 'name' is '../up'",
    })
    void aBadFieldIsNamedWithWhatIsAllowed(String what, String from, String to, String message) {
        String json = BASE.replace(from.strip(), to.strip());
        assertTrue(!json.equals(BASE), "the fixture changes the file: " + what);
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioFile.parse(json, "s1.json"));
        assertTrue(e.getMessage().startsWith("s1.json"), e.getMessage());
        assertTrue(e.getMessage().contains(message.strip()), "expected '" + message.strip() + "' in: " + e.getMessage());
    }

    @Test
    void aFileThatIsNotJsonSaysSoWithTheLine(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("broken.json");
        Files.writeString(file, "{\n\"name\": \"x\",,\n}");
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioFile.read(file));
        assertTrue(e.getMessage().startsWith(file + ": not JSON"), e.getMessage());
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
        ScenarioException missing = assertThrows(ScenarioException.class,
                () -> ScenarioFile.read(dir.resolve("nope.json")));
        assertTrue(missing.getMessage().contains("nope.json: cannot read"), missing.getMessage());
    }

    @Test
    void aMissingRequiredFieldIsNamed() {
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioFile.parse(BASE.replace("\"durationMs\": 30000,", ""), "s1.json"));
        assertEquals("s1.json: field 'durationMs' is null; allowed: an integer", e.getMessage());
    }

    @Test
    void theResolvedScheduleGoesIntoScenarioJson(@TempDir Path dir) throws java.io.IOException {
        Scenario s = ScenarioFile.parse(BASE.replace("\"schedule\": \"\"", "\"schedule\": \"at 5s pause worker-1 for 12s\""),
                "s1.json");
        try (Run run = Run.create(s, dir, line -> { })) {
            String json = Files.readString(run.results().scenarioJson());
            assertTrue(json.contains("\"schedule\" : \"at 5s pause worker-1 for 12s\\n\"")
                    || json.contains("\"schedule\":\"at 5s pause worker-1 for 12s\\n\""), json);
        }
    }

    @Test
    void aRandomScheduleIsReadAndScenarioJsonSaysItIsDrawnLater(@TempDir Path dir) throws java.io.IOException {
        Scenario s = ScenarioFile.parse(BASE.replace("\"schedule\": \"\"", "\"schedule\": \"random every 4s pause,kill\""),
                "s1.json");
        assertEquals("random every 4s pause,kill", s.schedule());
        try (Run run = Run.create(s, dir, line -> { })) {
            String json = Files.readString(run.results().scenarioJson());
            assertTrue(json.contains("random every 4s pause,kill: drawn once the cluster is up"), json);
        }
    }
}
