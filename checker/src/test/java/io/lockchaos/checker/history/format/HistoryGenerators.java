package io.lockchaos.checker.history.format;

import io.lockchaos.history.format.OpFields;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Random values, ops and well-paired histories from a seeded {@link Random}, for round-trip
 * properties: nested maps (keyword keys and any keys), vectors, sets, keywords with and
 * without namespaces, strings beginning with ':' or holding quotes and newlines, nil,
 * extreme and negative numbers, NaN and infinities, named processes, errors and extras.
 */
final class HistoryGenerators {

    private static final String KEYWORD_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-?!*_";
    private static final String STRING_CHARS = "abcxyz019 :\"\\\n\t\r#{[,é日\u0001";
    private static final String[] ODD_STRINGS = {"", "nil", "null", "#set", "#map", "1", "true", ":", "::"};
    private static final double[] ODD_REALS = {0.5, -1e300, 1e-300, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, 3.0, -2.5, Double.MIN_VALUE, Double.MAX_VALUE};
    private static final long[] ODD_LONGS = {Long.MIN_VALUE, Long.MAX_VALUE, -1, 0, Integer.MAX_VALUE + 1L};

    private final Random random;

    HistoryGenerators(long seed) {
        this.random = new Random(seed);
    }

    String keywordName() {
        String name = simpleName();
        return random.nextInt(6) == 0 ? simpleName() + "/" + name : name;
    }

    private String simpleName() {
        StringBuilder out = new StringBuilder().append((char) ('a' + random.nextInt(26)));
        for (int n = random.nextInt(8); n > 0; n--) {
            out.append(KEYWORD_CHARS.charAt(random.nextInt(KEYWORD_CHARS.length())));
        }
        return out.toString();
    }

    String string() {
        switch (random.nextInt(7)) {
            case 0:
                return ":" + text();
            case 1:
                return "::" + text();
            case 2:
                return ODD_STRINGS[random.nextInt(ODD_STRINGS.length)];
            default:
                return text();
        }
    }

    private String text() {
        StringBuilder out = new StringBuilder();
        for (int n = random.nextInt(12); n > 0; n--) {
            out.append(STRING_CHARS.charAt(random.nextInt(STRING_CHARS.length())));
        }
        return out.toString();
    }

    Value leaf() {
        switch (random.nextInt(9)) {
            case 0: return Value.NIL;
            case 1: return new Value.Bool(random.nextBoolean());
            case 2: return new Value.Int(random.nextLong());
            case 3: return new Value.Int(random.nextBoolean()
                    ? ODD_LONGS[random.nextInt(ODD_LONGS.length)] : random.nextInt(2001) - 1000);
            case 4: return new Value.Real((random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(40) - 20));
            case 5: return new Value.Real(ODD_REALS[random.nextInt(ODD_REALS.length)]);
            case 6: return new Value.Kw(keywordName());
            default: return new Value.Str(string());
        }
    }

    Value value(int depth) {
        int pick = depth == 0 ? 0 : random.nextInt(9);
        switch (pick) {
            case 5: {
                List<Value> items = new ArrayList<>();
                for (int n = random.nextInt(5); n > 0; n--) {
                    items.add(value(depth - 1));
                }
                return new Value.Vec(items);
            }
            case 6: {
                Set<Value> items = new LinkedHashSet<>();
                for (int n = random.nextInt(5); n > 0; n--) {
                    items.add(value(depth - 1));
                }
                return new Value.SetV(items);
            }
            case 7:
                return map(depth, false);
            case 8:
                return map(depth, true);
            default:
                return leaf();
        }
    }

    private Value map(int depth, boolean keywordKeys) {
        Map<Value, Value> entries = new LinkedHashMap<>();
        for (int n = random.nextInt(5); n > 0; n--) {
            Value key = keywordKeys ? new Value.Kw(keywordName()) : value(depth - 1);
            entries.put(key, value(depth - 1));
        }
        return new Value.Dict(entries);
    }

    Map<String, Value> extras() {
        Map<String, Value> extra = new LinkedHashMap<>();
        for (int n = random.nextInt(4); n > 0; n--) {
            String name = random.nextInt(5) == 0 ? pick("a key", "#x", "1st", ":k") : keywordName();
            if (!OpFields.isOpField(name)) {
                extra.put(name, value(2));
            }
        }
        return extra;
    }

    String function() {
        switch (random.nextInt(7)) {
            case 0: return keywordName();
            case 1: return pick("my f", ":odd", "1up");
            default: return pick("read", "write", "cas", "acquire", "release");
        }
    }

    Process namedProcess() {
        switch (random.nextInt(5)) {
            case 0: return Process.named(keywordName());
            case 1: return Process.named(pick("worker 3", ":colon"));
            default: return random.nextBoolean() ? Process.NEMESIS : Process.FINAL;
        }
    }

    private long time() {
        return random.nextInt(4) == 0 ? Op.NO_TIME : random.nextLong() & Long.MAX_VALUE;
    }

    private Value error() {
        return random.nextInt(4) == 0 ? value(1) : Value.NIL;
    }

    /** Events of a history whose invocations and completions pair up. */
    List<Op> history() {
        List<Op> events = new ArrayList<>();
        for (int n = random.nextInt(9); n > 0; n--) {
            String f = function();
            Map<String, Value> extra = extras();
            if (random.nextInt(5) == 0) {
                events.add(new Op(0, time(), OpType.INFO, namedProcess(), f, value(3), error(), extra));
                continue;
            }
            Process p = Process.client(random.nextInt(40));
            OpType type = new OpType[] {OpType.OK, OpType.FAIL, OpType.INFO}[random.nextInt(3)];
            events.add(new Op(0, time(), OpType.INVOKE, p, f, value(3), Value.NIL, extra));
            events.add(new Op(0, time(), type, p, f, value(3), error(), extra));
        }
        return events;
    }

    private String pick(String... options) {
        return options[random.nextInt(options.length)];
    }
}
