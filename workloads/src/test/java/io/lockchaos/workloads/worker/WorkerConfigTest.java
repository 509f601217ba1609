package io.lockchaos.workloads.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.history.ops.Fencing;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The worker's config: the one type both sides share, written and read by Jackson. */
class WorkerConfigTest {

    private static final String FULL = """
            {"settings": {"process": 2, "workers": 3, "threads": 2, "locks": ["job-0", "job-1"], "durationMs": 30000, "thinkMs": 20,
                          "idleMs": 10, "acquireTimeoutMs": 5000, "seed": 9, "tickMs": 0, "reenter": false},
             "lock": {"backend": "redis-naive", "nodes": ["redis-1:6379"], "ttlMs": 10000,
                      "sessionTimeoutMs": 6000, "options": {"tokens": "zk", "token-nodes": "zk-1:2181"}},
             "storage": {"node": "storage:6379", "fencing": "fenced", "timeoutMs": 4000, "store": "redis"},
             "startNanos": 81234567890123, "stopGraceMs": 2000}
            """;

    @Test
    void theDocumentedExampleReadsBack() {
        WorkerConfig c = WorkerConfig.parse(FULL, "example");
        assertEquals(new WorkerSettings(2, 3, 2, List.of("job-0", "job-1"), Duration.ofSeconds(30), Duration.ofMillis(20),
                Duration.ofMillis(10), Duration.ofSeconds(5), 9), c.settings());
        assertEquals("redis-naive", c.lock().backend());
        assertEquals(List.of(new Address("redis-1", 6379)), c.lock().addresses());
        assertEquals(Map.of("tokens", "zk", "token-nodes", "zk-1:2181"), c.lock().options());
        assertEquals(Duration.ofSeconds(10), c.lock().ttl());
        assertEquals(Duration.ofSeconds(6), c.lock().sessionTimeout());
        assertEquals(new WorkerConfig.StorageConfig(new Address("storage", 6379), Fencing.FENCED, Duration.ofSeconds(4)),
                c.storage());
        assertEquals(OptionalLong.of(81234567890123L), c.startNanos());
        assertEquals(Duration.ofSeconds(2), c.stopGrace());
    }

    @Test
    void aPostgresStoreReadsBackAndAnUnknownOneIsNamed() {
        WorkerConfig c = WorkerConfig.parse(FULL.replace("\"store\": \"redis\"", "\"store\": \"postgres\""), "pg");
        assertEquals(io.lockchaos.workloads.storage.Store.POSTGRES, c.storage().store());
        assertEquals(c, WorkerConfig.parse(c.json(), "written"));
        io.lockchaos.workloads.WorkloadException e = org.junit.jupiter.api.Assertions.assertThrows(
                io.lockchaos.workloads.WorkloadException.class,
                () -> WorkerConfig.parse(FULL.replace("\"store\": \"redis\"", "\"store\": \"mysql\""), "bad"));
        assertTrue(e.getMessage().contains("unknown store 'mysql'; valid: [redis, postgres]"), e.getMessage());
    }

    @Test
    void whatIsWrittenReadsBackAsTheSameConfig() {
        WorkerConfig c = new WorkerConfig(new WorkerSettings(0, 1, 1, List.of("job-0"), Duration.ofMinutes(10),
                Duration.ofMillis(2), Duration.ZERO, Duration.ofSeconds(5), 7),
                new LockConfig("redis-naive", List.of("redis-1:6379"), Duration.ofSeconds(2), Duration.ofSeconds(5),
                        Map.of("tokens", "redis-incr")),
                new WorkerConfig.StorageConfig(new Address("storage", 6379), Fencing.WRITES_ONLY,
                        WorkerConfig.StorageConfig.TIMEOUT), OptionalLong.empty(), WorkerConfig.STOP_GRACE);
        assertEquals(c, WorkerConfig.parse(c.json(), "written"));
        assertTrue(c.json().contains("\"thinkMs\" : 2,") && c.json().contains("\"fencing\" : \"fenced-writes-only\"")
                && c.json().contains("\"startNanos\" : null"), c.json());
        assertEquals(WorkerConfig.parse(FULL, "example"), WorkerConfig.parse(WorkerConfig.parse(FULL, "example").json(),
                "again"));
    }

    @Test
    void aMissingFieldIsNamedWithTheSource() {
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> WorkerConfig.parse(FULL.replace("\"thinkMs\": 20,", ""), "w1.json"));
        assertTrue(e.getMessage().startsWith("w1.json: ") && e.getMessage().contains("'thinkMs'")
                && e.getMessage().contains("see WorkerConfig for the format"), e.getMessage());
    }

    @Test
    void aFractionalTimeIsNamed() {
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> WorkerConfig.parse(FULL.replace("\"ttlMs\": 10000", "\"ttlMs\": 1.5"), "w5.json"));
        assertTrue(e.getMessage().startsWith("w5.json: 'ttlMs' must be a whole number, got 1.5"), e.getMessage());
    }

    @Test
    void notJsonIsSaidSo() {
        WorkloadException e = assertThrows(WorkloadException.class, () -> WorkerConfig.parse("{process: ", "w2.json"));
        assertTrue(e.getMessage().startsWith("w2.json: not JSON"), e.getMessage());
    }

    @Test
    void fencingModesParseByNameAndAnUnknownOneListsThem() {
        WorkerConfig c = WorkerConfig.parse(FULL.replace("\"fenced\"", "\"fenced-writes-only\""), "w3.json");
        assertEquals(Fencing.WRITES_ONLY, c.storage().fencing());
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> WorkerConfig.parse(FULL.replace("\"fenced\"", "\"strict\""), "w4.json"));
        assertEquals("w4.json: unknown storage fencing 'strict'; valid: unfenced, fenced, fenced-writes-only, guarded",
                e.getMessage());
    }

    @Test
    void aLockConfigsOwnCheckKeepsItsMessage() {
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> WorkerConfig.parse(FULL.replace("[\"redis-1:6379\"]", "[]"), "w6.json"));
        assertEquals("w6.json: lock backend 'redis-naive' has no nodes; give the lock service's addresses as host:port",
                e.getMessage());
    }
}
