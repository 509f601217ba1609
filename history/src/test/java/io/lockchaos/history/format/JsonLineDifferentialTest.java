package io.lockchaos.history.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.HistoryFormatException;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link JsonLineScanner} against Jackson's reading of the same line, the reference: on random
 * ops written by the JSON-lines writer (nested values, escapes, colons, non-ASCII, extremes of
 * long, process numbers far above the shared ones) and on those lines with a character
 * dropped, doubled or replaced, every line the scanner reads it reads to exactly the op (or
 * the error) Jackson's fields give, and every line Jackson refuses it leaves to Jackson. One
 * scanner and one {@link OpBuilder} read all lines of a run, as in a file, so their caches and
 * the builder's clearing between lines are tested too.
 */
class JsonLineDifferentialTest {

    private static final SourceLine AT = new SourceLine("test", 1);
    private static final String MUTATIONS = "{}[]\":,-0 1eE.\\tnul";
    private static final String NASTY = "a:b\"\\/\u00e9\u2028\ud83d\ude00{}[],#\t\u0001 -0123456789.eE";

    @Test
    void randomLinesAndTheirMutationsReadAsJacksonReadsThem() {
        Random random = new Random(20261201);
        JsonLineScanner scanner = new JsonLineScanner();
        OpBuilder op = new OpBuilder(OpFields.JSON);
        int read = 0;
        int left = 0;
        for (int i = 0; i < 20_000; i++) {
            String written = JsonLinesHistoryWriter.toJson(randomOp(random, i));
            String line = i % 2 == 1 ? mutate(random, written) : written;
            Map<String, Value> reference = jackson(line);
            if (scanner.read(line, op)) {
                Object fast = outcome(() -> op.build(AT, 0));
                assertNotNull(reference, () -> "the scanner read a line Jackson refuses: " + line);
                assertEquals(outcome(() -> OpFields.JSON.toOp(reference, AT, 0)), fast, line);
                read++;
            } else {
                left++;
            }
        }
        assertTrue(read > 8_000 && left > 2_000, "read " + read + ", left to Jackson " + left);
    }

    @Test
    void theLinesLockchaosWritesAreReadByTheScanner() {
        OpBuilder builder = new OpBuilder(OpFields.JSON);
        assertTrue(new JsonLineScanner().read(
                "{\"index\":3,\"time\":120,\"type\":\"ok\",\"process\":7,\"f\":\"acquire\",\"value\":{\"lock\":\"job-0\",\"token\":-4},"
                        + "\"error\":\":timeout\",\"nodes\":[\"n1\",null,true,false,[]]}", builder));
        Op op = builder.build(AT, 0);
        assertEquals(120, op.time());
        assertEquals(Process.client(7), op.process());
        assertEquals(Value.map("lock", "job-0", "token", -4L), op.value());
        assertEquals(Value.kw("timeout"), op.error());
        assertEquals(Value.vec(Value.of("n1"), Value.NIL, new Value.Bool(true), new Value.Bool(false), Value.vec()),
                op.extra().get("nodes"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"time\":-5,\"type\":\"ok\",\"process\":1,\"f\":\"r\"}",
        "{\"type\":\"ok\",\"time\":null,\"process\":1,\"f\":\"r\"}",
        "{\"type\":\"ok\",\"time\":\"7\",\"process\":1,\"f\":\"r\"}",
        "{\"type\":\"ok\",\"time\":[7],\"process\":1,\"f\":\"r\"}",
        "{\"type\":\"ok\",\"process\":5000,\"f\":\"r\",\"time\":999999999999999999}",
        "{\"type\":\"ok\",\"process\":2147483647,\"f\":\"r\",\"value\":{}}",
        "{\"type\":\"ok\",\"process\":\"nemesis\",\"f\":\"r\",\"value\":{\"a\":1,\"b\":{\"a\":2}}}"})
    void opFieldsTheScannerTakesApartReadAsJacksonReadsThem(String line) {
        OpBuilder op = new OpBuilder(OpFields.JSON);
        assertTrue(new JsonLineScanner().read(line, op), line);
        assertEquals(outcome(() -> OpFields.JSON.toOp(jackson(line), AT, 0)), outcome(() -> op.build(AT, 0)), line);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"a\":1,\"a\":2}", "{\"a\":01}", "{\"a\":1.5}", "{\"a\":1e3}", "{\"a\":NaN}",
        "{\"a\":-Infinity}", "{\"a\":12345678901234567890}", "{\"a\":\"x\\ny\"}", "{\"a\":{\"#set\":[1]}}",
        "{\"a\":1} x", "{\"a\":1", "{\"a\" 1}", "{\"a\":nul}", "[1]", "{\"a\":\"\u0001\"}", "{\"a\":[1,]}", "{,}",
        "{\"a\":-}", "{\"a\":1}}", "{\"time\":1,\"time\":1}", "{\"time\":1,\"time\":null}", "{\"time\":null,\"time\":1}",
        "{\"time\":01}", "{\"time\":1.0}", "{\"time\":-}", "{\"time\":1234567890123456789}", "{\"a\":{\"b\":1,\"b\":1}}"})
    void linesOutsideThePlainSubsetAreLeftToJackson(String line) {
        assertFalse(new JsonLineScanner().read(line, new OpBuilder(OpFields.JSON)), line);
    }

    @Test
    void aLineLeftToJacksonLeavesNothingInTheBuilder() {
        OpBuilder op = new OpBuilder(OpFields.JSON);
        assertFalse(new JsonLineScanner().read("{\"type\":\"ok\",\"time\":3,\"process\":1,\"f\":\"r\",\"a\":1.5}", op));
        HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> op.build(AT, 0));
        assertTrue(e.getMessage().contains("missing type"), e.getMessage());
    }

    private static Map<String, Value> jackson(String line) {
        try {
            return JsonLinesHistoryReader.fields(line, AT);
        } catch (RuntimeException refused) {
            return null;
        }
    }

    /** The op {@code read} makes, or the message of what it throws: what a reader would report. */
    private static Object outcome(Supplier<Op> read) {
        try {
            return read.get();
        } catch (HistoryFormatException e) {
            return e.getMessage();
        }
    }

    private static Op randomOp(Random random, int index) {
        OpType type = OpType.values()[random.nextInt(OpType.values().length)];
        Process process = random.nextInt(5) == 0 ? Process.NEMESIS
                : Process.client(random.nextBoolean() ? random.nextInt(10) : 1000 + random.nextInt(20_000));
        Map<String, Value> extra = new LinkedHashMap<>();
        if (random.nextInt(4) == 0) {
            extra.put("node" + random.nextInt(3), value(random, 2));
        }
        return new Op(index, random.nextInt(3) == 0 ? Op.NO_TIME : random.nextLong() >>> random.nextInt(64), type,
                process, random.nextBoolean() ? "acquire" : string(random), value(random, 3),
                random.nextInt(3) == 0 ? value(random, 1) : Value.NIL, extra);
    }

    private static Value value(Random random, int depth) {
        int kind = random.nextInt(depth > 0 ? 9 : 6);
        return switch (kind) {
            case 0 -> Value.NIL;
            case 1 -> new Value.Bool(random.nextBoolean());
            case 2 -> Value.of(switch (random.nextInt(4)) {
                case 0 -> random.nextInt(20) - 10;
                case 1 -> Long.MAX_VALUE;
                case 2 -> Long.MIN_VALUE;
                default -> random.nextLong() >> random.nextInt(64);
            });
            case 3 -> random.nextInt(4) == 0 ? new Value.Real(random.nextDouble()) : Value.of(string(random));
            case 4 -> Value.kw(string(random));
            case 5 -> Value.of(random.nextBoolean() ? "job-" + random.nextInt(3) : ":" + string(random));
            case 6 -> {
                List<Value> items = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    items.add(value(random, depth - 1));
                }
                yield random.nextInt(5) == 0 ? new Value.SetV(new java.util.LinkedHashSet<>(items)) : new Value.Vec(items);
            }
            default -> {
                Map<Value, Value> entries = new LinkedHashMap<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    Value key = random.nextInt(6) == 0 ? Value.of(random.nextInt(5)) : Value.kw(random.nextBoolean()
                            ? "lock" : string(random));
                    entries.put(key, value(random, depth - 1));
                }
                yield new Value.Dict(entries);
            }
        };
    }

    private static String string(Random random) {
        StringBuilder s = new StringBuilder();
        for (int i = random.nextInt(6); i > 0; i--) {
            s.append(random.nextInt(3) == 0 ? NASTY.charAt(random.nextInt(NASTY.length())) : (char) ('a' + random.nextInt(26)));
        }
        return s.toString();
    }

    private static String mutate(Random random, String line) {
        int at = random.nextInt(line.length());
        return switch (random.nextInt(3)) {
            case 0 -> line.substring(0, at) + line.substring(at + 1);
            case 1 -> line.substring(0, at) + line.charAt(at) + line.substring(at);
            default -> line.substring(0, at) + MUTATIONS.charAt(random.nextInt(MUTATIONS.length())) + line.substring(at + 1);
        };
    }
}
