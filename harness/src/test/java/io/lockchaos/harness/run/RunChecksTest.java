package io.lockchaos.harness.run;

import io.lockchaos.history.ops.NemesisOps;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.history.format.JsonLinesHistoryWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each lane is checked on its own part of the history; the plain names merge the lanes. */
class RunChecksTest {

    private static final Scenario TWO_LANES = ScenarioFile.parse("""
            {"name": "s", "topology": "redis-single", "lock": {"backend": "redis-naive", "tokens": "redis-incr"},
             "storage": ["unfenced", "fenced"], "workers": 2, "durationMs": 1000}
            """, "s.json");

    private final List<Op> ops = new ArrayList<>();

    private void op(OpType type, Process p, String f, Value v) {
        ops.add(new Op(ops.size(), ops.size() * 10L, type, p, f, v));
    }

    private void grant(int process, String lock, long token) {
        op(OpType.INVOKE, new Process.Client(process), "acquire", Value.map("lock", lock));
        op(OpType.OK, new Process.Client(process), "acquire", Value.map("lock", lock, "token", token));
    }

    @Test
    void aReentrantBackendsLanesAreCheckedWithTheReentrantModelsWhereTheWorkloadReenters() {
        Scenario reentrant = ScenarioFile.parse("""
                {"name": "s", "topology": "hazelcast", "lock": {"backend": "hazelcast-fenced", "ttlMs": 5000, "tokens": "lock",
                 "reenter": true}, "storage": ["unfenced"], "workers": 1, "durationMs": 1000}
                """, "s.json");
        Scenario notReentering = ScenarioFile.parse("""
                {"name": "s", "topology": "hazelcast", "lock": {"backend": "hazelcast-fenced", "ttlMs": 5000, "tokens": "lock"},
                 "storage": ["unfenced"], "workers": 1, "durationMs": 1000}
                """, "s.json");
        Scenario plain = ScenarioFile.parse("""
                {"name": "s", "topology": "etcd", "lock": {"backend": "etcd", "ttlMs": 5000, "tokens": "lock"},
                 "storage": ["unfenced"], "workers": 1, "durationMs": 1000}
                """, "s.json");
        Value held = Value.map("lock", "unfenced-job-0", "token", 34L);
        grant(0, "unfenced-job-0", 34);
        op(OpType.INVOKE, new Process.Client(0), "acquire", Value.map("lock", "unfenced-job-0", "reentry", true));
        op(OpType.OK, new Process.Client(0), "acquire", Value.map("lock", "unfenced-job-0", "token", 34L, "reentry", true));
        for (int i = 0; i < 2; i++) {
            op(OpType.INVOKE, new Process.Client(0), "release", held);
            op(OpType.OK, new Process.Client(0), "release", held);
        }
        History h = History.of("h", ops);
        Map<String, CheckResult> checked = RunChecks.run(reentrant, h, CheckOptions.defaults());
        assertEquals(Validity.VALID, checked.get("mutex").valid(), checked.get("mutex").toString());
        assertEquals(Validity.VALID, checked.get("tokens").valid(), checked.get("tokens").toString());
        Map<String, CheckResult> asPlain = RunChecks.run(plain, h, CheckOptions.defaults());
        assertEquals(Validity.INVALID, asPlain.get("mutex").valid(), "etcd is not reentrant: a held lock granted again");
        assertEquals(Validity.INVALID, asPlain.get("tokens").valid(), "the same token twice");
        assertEquals(Validity.INVALID, RunChecks.run(notReentering, h, CheckOptions.defaults()).get("mutex").valid(),
                "a workload that never re-enters keeps the plain models: a second grant to the holder is a violation");
    }

    @Test
    void processesBelongToTheirLaneEvenAfterRetiringAndFinalReadsByKey() {
        grant(0, "unfenced-job-0", 1);         // unfenced, never released
        grant(2, "fenced-job-0", 1);           // fenced
        op(OpType.INFO, Process.NEMESIS, "start-pause", Value.map(NemesisOps.TARGETS, "worker-1"));
        grant(5, "unfenced-job-0", 2);         // process 1 retired as 1 + 4: unfenced, overlapping process 0
        op(OpType.INVOKE, Process.FINAL, "read-all", Value.map("key", "fenced-job-0"));
        op(OpType.OK, Process.FINAL, "read-all", Value.map("key", "fenced-job-0", "entries", Value.vec()));
        History h = History.of("h", ops);

        Lane unfenced = TWO_LANES.lanes().get(0);
        Lane fenced = TWO_LANES.lanes().get(1);
        assertEquals(5, RunChecks.part(h, unfenced, 4).size(), "two grants of processes 0 and 5, the nemesis op");
        assertEquals(5, RunChecks.part(h, fenced, 4).size(), "process 2's grant, the nemesis op, its final read");

        Map<String, CheckResult> checks = RunChecks.run(TWO_LANES, h, CheckOptions.defaults());
        assertEquals(TWO_LANES.checkNames(), List.copyOf(checks.keySet()));
        assertEquals(Validity.INVALID, checks.get("mutex-unfenced").valid(), checks.get("mutex-unfenced").summary());
        assertEquals(Validity.VALID, checks.get("mutex-fenced").valid(), checks.get("mutex-fenced").summary());
        assertEquals(Validity.INVALID, checks.get("mutex").valid(), "invalid in one lane is invalid merged");
        assertEquals(checks.get("mutex-unfenced").evidence(), checks.get("mutex").evidence());
    }

    @Test
    void aLaneWhoseWorkersWereNeverGrantedALockIsNoVerdict() {
        grant(0, "unfenced-job-0", 1);
        op(OpType.INVOKE, new Process.Client(2), "acquire", Value.map("lock", "fenced-job-0"));
        op(OpType.INFO, new Process.Client(2), "acquire", Value.map("lock", "fenced-job-0"));
        op(OpType.INVOKE, new Process.Client(3), "acquire", Value.map("lock", "fenced-job-0"));
        op(OpType.FAIL, new Process.Client(3), "acquire", Value.map("lock", "fenced-job-0"));
        History h = History.of("h", ops);

        RunException e = assertThrows(RunException.class, () -> RunChecks.requireGrants(TWO_LANES, h));
        assertTrue(e.getMessage().contains("fenced lane was granted a lock (2 acquires invoked, none :ok)"),
                e.getMessage());
        grant(6, "fenced-job-0", 2);
        RunChecks.requireGrants(TWO_LANES, History.of("h", ops));
    }

    @Test
    void theWarmUpReadsARecordingWithATornLastLineAndLeavesItAsItWas() throws Exception {
        grant(0, "unfenced-job-0", 1);
        grant(2, "fenced-job-0", 1);
        Path file = Files.createTempFile("history", ".jsonl");
        try {
            StringBuilder text = new StringBuilder();
            ops.forEach(o -> text.append(JsonLinesHistoryWriter.toJson(o)).append('\n'));
            text.append("{\"type\": \"invoke\", \"proc");   // a worker cut off mid-line
            Files.writeString(file, text);
            byte[] before = Files.readAllBytes(file);

            RunChecks.warmUp(TWO_LANES, file);

            assertTrue(Arrays.equals(before, Files.readAllBytes(file)),
                    "the recorded history is the real checks' input: the warm-up only reads it");
        } finally {
            Files.delete(file);
        }
    }
}
