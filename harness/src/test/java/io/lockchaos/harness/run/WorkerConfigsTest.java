package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.LockConfig;
import io.lockchaos.workloads.worker.WorkerConfig;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** A worker's config comes from its lane and the scenario, and the worker reads back what the harness wrote. */
class WorkerConfigsTest {

    private static final Scenario TWO_LANES = ScenarioFile.parse("""
            {"name": "s", "topology": "redis-single", "lock": {"backend": "redis-naive", "tokens": "redis-incr"},
             "storage": ["unfenced", "fenced"], "workers": 2, "thinkMs": 30, "durationMs": 1000, "seed": 7}
            """, "s.json");

    @Test
    void theSecondWorkerOfTheFencedLaneGetsItsProcessSeedLocksAndFencing() {
        Lane fenced = TWO_LANES.lanes().get(1);
        LockConfig lock = new LockConfig("redis-naive", List.of("redis-1:6379"), Duration.ofSeconds(10),
                Duration.ofSeconds(5), Map.of("tokens", "redis-incr"));
        WorkerConfig c = WorkerConfigs.config(TWO_LANES, fenced, 1, lock, new Address("storage", 6379), 42);

        assertEquals(fenced.process(1), c.settings().process());
        assertEquals(4, c.settings().workers());
        assertEquals(fenced.lockNames(), c.settings().locks());
        assertEquals(Duration.ofMillis(1000 + WorkerConfigs.MARGIN_MS), c.settings().duration());
        assertEquals(Duration.ofMillis(30), c.settings().think());
        assertEquals(7 + fenced.process(1), c.settings().seed());
        assertEquals(Fencing.FENCED, c.storage().fencing());
        assertEquals(OptionalLong.of(42), c.startNanos());
        assertEquals(c, WorkerConfig.parse(c.json(), "worker-4.json"), "what the worker reads is what was written");
    }
}
