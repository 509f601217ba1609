package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lockchaos.history.Value;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The console's sentence for each nemesis op the run prints, from the op's history value. */
class NemesisSentenceTest {

    record Case(String f, Value value, String sentence) {
    }

    private static Value names(String... names) {
        return new Value.Vec(List.of(names).stream().map(n -> (Value) new Value.Str(n)).toList());
    }

    private static Value.Dict dict(Object... kv) {
        Map<Value, Value> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(new Value.Kw((String) kv[i]), kv[i + 1] instanceof Value v ? v : new Value.Str((String) kv[i + 1]));
        }
        return new Value.Dict(m);
    }

    static List<Case> cases() {
        Value empty = names();
        Value clocks = new Value.Vec(List.of(dict("node", "redis-1", "old", "+0s", "new", "+30s")));
        return List.of(
                new Case("heal-all", dict("resumed", empty, "started", empty, "clocks-reset", empty, "unpartitioned", empty),
                        "healed: nothing was left to heal"),
                new Case("heal-all", dict("resumed", names("redis-1"), "started", empty, "toxics-removed",
                        new Value.Vec(List.of(dict("proxy", "redis-1", "toxics", names("latency-downstream-1"))))),
                        "healed what was left: resumed redis-1; toxics removed (proxy redis-1, toxics"
                                + " [latency-downstream-1])"),
                new Case("schedule-start", dict(),
                        "the fault schedule starts; its times count from now"),
                new Case("start-pause", dict("targets", names("worker-1")), "paused worker-1 (SIGSTOP)"),
                new Case("stop-pause", dict("targets", names("worker-1", "worker-2")), "resumed worker-1, worker-2 (SIGCONT)"),
                new Case("start-clock", dict("targets", names("redis-1"), "clocks", clocks),
                        "moved the clock of redis-1 from +0s to +30s"),
                new Case("start-partition", dict("shape", "isolate", "components",
                        new Value.Vec(List.of(names("redis-1"), names())), "bridge", new Value.Nil()),
                        "partitioned the network: redis-1 | (no node) (isolate)"),
                new Case("start-latency", dict("targets", names("redis-1"), "latency-ms", new Value.Int(100)),
                        "began latency on redis-1"),
                new Case("start-starve", dict("percent", new Value.Int(90)), "began starve on percent 90"),
                new Case("something-new", dict("nodes", names("a", "b")), "something-new: nodes [a, b]"));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void saysTheOpInWords(Case c) {
        assertEquals(c.sentence(), NemesisSentence.of(c.f(), c.value()));
    }
}
