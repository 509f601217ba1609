package io.lockchaos.checker.history.format;

import io.lockchaos.history.format.JsonLinesHistoryWriter;
import io.lockchaos.history.format.JsonLinesHistoryReader;
import io.lockchaos.history.format.HistoryWriter;
import io.lockchaos.history.format.EdnHistoryWriter;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What the writers write, the readers read back: the same ops, values and extras. */
class RoundTripTest {

    private static final Value AWKWARD = Value.map(
            "nested", Value.map("deeper", Value.vec(Value.of(-3), Value.NIL, Value.kw("k"))),
            "set", new Value.SetV(Set.of(Value.of(1), Value.of(":not-a-keyword"), Value.kw("kw"))),
            "colon", Value.of(":x"),
            "double-colon", Value.of("::y"),
            "any-keys", new Value.Dict(Map.of(Value.of("s"), Value.of(1), Value.of(2), Value.kw("two"),
                    Value.vec(), new Value.SetV(Set.of()))),
            "empty", Value.map(),
            "reals", Value.vec(new Value.Real(-0.0), new Value.Real(1.5e-7), new Value.Real(Double.NaN)),
            "text", Value.of("line\nbreak \"quoted\" \\ tab\t é 日"));

    private static List<Op> sample() {
        return List.of(
                new Op(0, 12, OpType.INVOKE, Process.client(0), "read", Value.NIL),
                new Op(0, 15, OpType.INFO, Process.NEMESIS, "start-pause", Value.map("ms", 15000),
                        Value.NIL, Map.of()),
                new Op(0, 20, OpType.OK, Process.client(0), "read", AWKWARD, Value.NIL,
                        Map.of("key", Value.of("7"), "a key", Value.kw("odd"))),
                new Op(0, Op.NO_TIME, OpType.INVOKE, Process.client(7), "cas",
                        Value.vec(Value.of(-1), Value.of(2))),
                new Op(0, 30, OpType.FAIL, Process.client(7), "cas", Value.vec(Value.of(-1), Value.of(2)),
                        Value.kw("stale-token"), Map.of()),
                new Op(0, 31, OpType.INVOKE, Process.FINAL, "read-all", Value.map("key", "job-0")),
                new Op(0, 32, OpType.INFO, Process.FINAL, "read-all", Value.NIL,
                        Value.of("timed out"), Map.of()));
    }

    @Test
    void ednRoundTripsAwkwardValues() {
        assertRoundTrip(sample(), RoundTripTest::viaEdn);
    }

    @Test
    void jsonRoundTripsAwkwardValues() {
        assertRoundTrip(sample(), RoundTripTest::viaJson);
    }

    @Test
    void jsonKeepsMapsWhoseKeywordKeysLookLikeItsMarkers() {
        Value v = Value.vec(new Value.Dict(Map.of(Value.kw("#set"), Value.vec(Value.of(1)))),
                new Value.Dict(Map.of(Value.kw("#map"), Value.vec())));
        assertRoundTrip(List.of(new Op(0, 1, OpType.INFO, Process.NEMESIS, "x", v)),
                RoundTripTest::viaJson);
    }

    @Test
    void ednLineLooksLikeJepsen() {
        Op op = new Op(0, 12, OpType.INVOKE, Process.client(0), "read", Value.NIL);
        assertEquals("{:index 0, :time 12, :type :invoke, :process 0, :f :read, :value nil}",
                EdnHistoryWriter.toEdn(op));
    }

    @Test
    void jsonLineIsPlain() {
        Op op = new Op(3, 12, OpType.INFO, Process.NEMESIS, "start", Value.map("lock", "job-0",
                "mode", Value.kw("hard")), Value.kw("timed-out"), Map.of());
        assertEquals("{\"index\":3,\"time\":12,\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"start\","
                + "\"value\":{\"lock\":\"job-0\",\"mode\":\":hard\"},\"error\":\":timed-out\"}",
                JsonLinesHistoryWriter.toJson(op));
    }

    /** Many random histories, each from its own seed so a failure names one to replay. */
    @ParameterizedTest(name = "seeds from {0}")
    @ValueSource(longs = {0, 100_000, 200_000})
    void randomHistoriesRoundTrip(long firstSeed) {
        for (long seed = firstSeed; seed < firstSeed + 150; seed++) {
            History original = History.of("seed " + seed, new HistoryGenerators(seed).history());
            assertEquals(original.ops(), viaEdn("edn, seed " + seed, original).ops(), "EDN, seed " + seed);
            assertEquals(original.ops(), viaJson("json, seed " + seed, original).ops(), "JSON, seed " + seed);
        }
    }

    private static void assertRoundTrip(List<Op> events, BiFunction<String, History, History> trip) {
        History original = History.of("original", events);
        History read = trip.apply("trip", original);
        assertEquals(original.ops(), read.ops());
    }

    static History viaEdn(String source, History history) {
        StringWriter text = new StringWriter();
        try (HistoryWriter out = new EdnHistoryWriter(text, source)) {
            out.writeAll(history.ops());
        }
        assertEquals(history.size(), text.toString().lines().count(), "one line per op");
        return new EdnHistoryReader().readString(source, text.toString());
    }

    static History viaJson(String source, History history) {
        StringWriter text = new StringWriter();
        try (HistoryWriter out = new JsonLinesHistoryWriter(text, source)) {
            out.writeAll(history.ops());
        }
        assertEquals(history.size(), text.toString().lines().count(), "one line per op");
        return new JsonLinesHistoryReader().readString(source, text.toString());
    }
}
