package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.lockchaos.checker.Validity;
import io.lockchaos.cluster.Topology;
import io.lockchaos.workloads.lock.Tokens;
import io.lockchaos.history.ops.Fencing;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The scenario builder is the scenario file in code: same fields, same defaults, same checks, same messages. */
class ScenarioBuilderTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static ScenarioBuilder pause() {
        return Scenario.on(Topology.REDIS_SINGLE).name("naive-pause").lock("redis-naive").ttl(Duration.ofSeconds(2))
                .tokens(Tokens.REDIS_INCR).storage(Fencing.UNFENCED, Fencing.FENCED).workers(2)
                .duration(Duration.ofSeconds(12)).schedule("at 3s pause holder-unfenced,holder-fenced for 5s")
                .expect("mutex", Validity.INVALID).expect("ledger-fenced", Validity.VALID);
    }

    @Test
    void aBuiltScenarioIsTheScenarioOfTheSameFile() {
        Scenario fromFile = ScenarioFile.parse("""
                {"name": "naive-pause", "topology": "redis-single",
                 "lock": {"backend": "redis-naive", "ttlMs": 2000, "tokens": "redis-incr"},
                 "storage": ["unfenced", "fenced"], "workers": 2, "durationMs": 12000,
                 "schedule": "at 3s pause holder-unfenced,holder-fenced for 5s",
                 "expect": {"mutex": "invalid", "ledger-fenced": "valid"}}
                """, "hand-written");
        assertEquals(fromFile, pause().build());
    }

    @Test
    void whatItWritesReadsBackToTheSameScenario() {
        Scenario built = pause().seed(7).locks(2).think(Duration.ofMillis(5)).build();
        assertEquals(built, ScenarioFile.parse(ScenarioFile.toJson(built, null), "written"));
        assertEquals(built, ScenarioFile.parse(pause().seed(7).locks(2).think(Duration.ofMillis(5)).toJson(), "json"));
    }

    /** Every field the file has (Scenario's and LockSpec's JSON names), the builder sets: one method each. */
    @Test
    void everyFieldOfTheFileHasABuilderMethod() throws IOException {
        ScenarioBuilder all = pause().description("d").sessionTimeout(Duration.ofSeconds(3)).option("k", "v")
                .classpath(List.of(Path.of("classes"))).threads(1).locks(1).think(Duration.ZERO).idle(Duration.ZERO)
                .tick(Duration.ZERO).acquireTimeout(Duration.ofSeconds(1)).quiet(Duration.ZERO).seed(1)
                .store(io.lockchaos.workloads.storage.Store.POSTGRES);
        JsonNode written = JSON.readTree(ScenarioJson.write(pause().build(), null));
        JsonNode built = JSON.readTree(all.toJson());
        assertEquals(names(written), names(built));
        Set<String> lockFields = names(written.get("lock"));
        lockFields.add("classpath");
        assertEquals(lockFields, names(built.get("lock")));
    }

    @Test
    void aBadValueIsRefusedWithTheFilesMessage() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> pause().workers(0).build());
        assertEquals("the scenario built as 'naive-pause': field 'workers' is 0; allowed: 1 to 24 per storage mode"
                + " (48 worker containers in all, what the machine holds)", e.getMessage());
        ScenarioException missing = assertThrows(ScenarioException.class,
                () -> Scenario.on(Topology.REDIS_SINGLE).lock("redis-naive").storage(Fencing.UNFENCED).workers(1)
                        .duration(Duration.ofSeconds(1)).build());
        assertEquals("the scenario built as '(no name)': field 'name' is missing; allowed: a string", missing.getMessage());
        ScenarioException threads = assertThrows(ScenarioException.class, () -> pause().threads(0).build());
        assertTrue(threads.getMessage().startsWith("the scenario built as 'naive-pause': field 'threads' is 0; allowed:"
                + " 1 to 32 threads per worker"), threads.getMessage());
        assertEquals(4, pause().threads(4).build().threads());
        assertEquals(1, pause().build().threads(), "one thread per worker unless told");
    }

    @Test
    void aClasspathIsFilledInOnlyForALockClassWithoutOne() {
        List<Path> cp = List.of(Path.of("/x.jar"));
        assertTrue(fields(pause().classpathIfUnset(() -> cp)).path("lock").path("classpath").isMissingNode(),
                "a built-in backend gets no classpath");
        JsonNode byClass = fields(pause().lock("class:com.example.L").classpathIfUnset(() -> cp));
        assertEquals("[\"/x.jar\"]", byClass.path("lock").path("classpath").toString());
        JsonNode given = fields(pause().lock("class:com.example.L").classpath(List.of(Path.of("c")))
                .classpathIfUnset(() -> cp));
        assertEquals("[\"c\"]", given.path("lock").path("classpath").toString());
    }

    private static JsonNode fields(ScenarioBuilder b) {
        try {
            return JSON.readTree(b.toJson());
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static Set<String> names(JsonNode node) {
        Set<String> names = new TreeSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
