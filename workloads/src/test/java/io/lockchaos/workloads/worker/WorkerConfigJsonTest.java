package io.lockchaos.workloads.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.history.ops.Fencing;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class WorkerConfigJsonTest {

    private static final String FULL = """
            {"process": 2, "workers": 3, "locks": ["job-0", "job-1"], "durationMs": 30000, "thinkMs": 20,
             "idleMs": 10, "acquireTimeoutMs": 5000, "seed": 9, "startNanos": 81234567890123,
             "lock": {"backend": "redis-naive", "nodes": ["redis-1:6379"], "ttlMs": 10000,
                      "sessionTimeoutMs": 6000, "options": {"tokens": "zk", "token-nodes": "zk-1:2181"}},
             "storage": {"node": "storage:6379", "fencing": "fenced", "timeoutMs": 4000}}
            """;

    @Test
    void theDocumentedExampleReadsBack() {
        WorkerConfig c = WorkerConfigJson.parse(FULL, "example");
        assertEquals(new WorkerSettings(2, 3, List.of("job-0", "job-1"), Duration.ofSeconds(30), Duration.ofMillis(20),
                Duration.ofMillis(10), Duration.ofSeconds(5), 9), c.settings());
        assertEquals("redis-naive", c.lock().backend());
        assertEquals(List.of(new Address("redis-1", 6379)), c.lock().addresses());
        assertEquals(Map.of("tokens", "zk", "token-nodes", "zk-1:2181"), c.lock().options());
        assertEquals(new WorkerConfig.StorageConfig(new Address("storage", 6379), Fencing.FENCED, Duration.ofSeconds(4)),
                c.storage());
        assertEquals(OptionalLong.of(81234567890123L), c.startNanos());
        assertEquals(Duration.ofSeconds(2), c.stopGrace(), "the default grace");
    }

    @Test
    void aMissingFieldIsNamedWithTheSource() {
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> WorkerConfigJson.parse(FULL.replace("\"thinkMs\": 20,", ""), "w1.json"));
        assertEquals("w1.json: field 'thinkMs' must be an integer; see WorkerConfigJson for the format", e.getMessage());
    }

    @Test
    void notJsonIsSaidSo() {
        WorkloadException e = assertThrows(WorkloadException.class, () -> WorkerConfigJson.parse("{process: ", "w2.json"));
        assertTrue(e.getMessage().startsWith("w2.json: not JSON"), e.getMessage());
    }

    @Test
    void fencingModesParseByNameAndAnUnknownOneListsThem() {
        WorkerConfig c = WorkerConfigJson.parse(FULL.replace("\"fenced\"", "\"fenced-writes-only\""), "w3.json");
        assertEquals(Fencing.WRITES_ONLY, c.storage().fencing());
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> WorkerConfigJson.parse(FULL.replace("\"fenced\"", "\"strict\""), "w4.json"));
        assertEquals("unknown storage fencing 'strict'; valid: unfenced, fenced, fenced-writes-only", e.getMessage());
    }
}
