package io.lockchaos.history.format;

import io.lockchaos.history.HistoryFormatException;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.Map;
import java.util.Set;

/**
 * Turns the fields of one op (as read from an EDN map or a JSON object) into an {@link Op}.
 * {@code type}, {@code process} and {@code f} are required; {@code time}, {@code value} and
 * {@code error} are optional; {@code index} is ignored (a history is indexed by position);
 * every other field goes to {@link Op#extra()}.
 */
public final class OpFields {

    /** The field names an op has; anything else is an extra. */
    public static final String INDEX = "index";
    public static final String TIME = "time";
    public static final String TYPE = "type";
    public static final String PROCESS = "process";
    public static final String F = "f";
    public static final String VALUE = "value";
    public static final String ERROR = "error";
    private static final Set<String> FIELDS = Set.of(INDEX, TIME, TYPE, PROCESS, F, VALUE, ERROR);

    public static final OpFields EDN = new OpFields(":", "an op map such as "
            + "{:type :invoke, :process 0, :f :read, :value nil}");
    public static final OpFields JSON = new OpFields("", "an op object such as "
            + "{\"type\": \"invoke\", \"process\": 0, \"f\": \"read\", \"value\": null}");

    private final String keyPrefix;
    private final String example;

    private OpFields(String keyPrefix, String example) {
        this.keyPrefix = keyPrefix;
        this.example = example;
    }

    /** True for the names of an op's own fields, which extras may not use. */
    public static boolean isOpField(String name) {
        return FIELDS.contains(name);
    }

    /** What a reader should say it expected, for messages. */
    public String example() {
        return example;
    }

    public Op toOp(Map<String, Value> fields, SourceLine at) {
        return toOp(fields, at, 0);
    }

    /** The op at position {@code index} of its history (so the history need not copy it to index it). */
    public Op toOp(Map<String, Value> fields, SourceLine at, int index) {
        OpBuilder op = new OpBuilder(this, false);
        fields.forEach(op::put);
        return op.build(at, index);
    }

    /** The op of these fields (null: absent), checked in the order a reader reports them. */
    Op toOp(OpBuilder found, String source, int line, int index) {
        OpType type = type(required(found.type, TYPE, source, line), source, line);
        Process process = process(required(found.process, PROCESS, source, line), found, source, line);
        String f = f(required(found.f, F, source, line), source, line);
        long time = found.hasTimeNs ? found.timeNs : time(found.time == null ? Value.NIL : found.time, source, line);
        return new Op(index, time, type, process, f, found.value, found.error, found.extra);
    }

    /** The error for the op at {@code line} of {@code source}: the place is made only for a message. */
    private static HistoryFormatException error(String source, int line, String problem) {
        return new SourceLine(source, line).error(problem);
    }

    private Value required(Value v, String name, String source, int line) {
        if (v == null) {
            throw error(source, line, "missing " + keyPrefix + name + "; expected " + example);
        }
        return v;
    }

    private OpType type(Value v, String source, int line) {
        OpType type = name(v) == null ? null : OpType.fromKeyword(name(v));
        if (type == null) {
            throw error(source, line, "unknown " + keyPrefix + "type " + v + "; expected one of "
                    + keyPrefix + "invoke, " + keyPrefix + "ok, " + keyPrefix + "fail or "
                    + keyPrefix + "info");
        }
        return type;
    }

    private Process process(Value v, OpBuilder found, String source, int line) {
        if (v instanceof Value.Int i && i.value() >= 0 && i.value() <= Integer.MAX_VALUE) {
            return found.client((int) i.value());
        }
        String name = name(v);
        if (name != null && !name.isEmpty()) {
            return Process.named(name);
        }
        throw error(source, line, "bad " + keyPrefix + "process " + v + "; expected a non-negative integer"
                + " (a client) or a name such as " + keyPrefix + "nemesis");
    }

    private String f(Value v, String source, int line) {
        String name = name(v);
        if (name == null || name.isEmpty()) {
            throw error(source, line, "bad " + keyPrefix + "f " + v + "; expected a function name such as "
                    + keyPrefix + "read");
        }
        return name;
    }

    private long time(Value v, String source, int line) {
        if (v.isNil()) {
            return Op.NO_TIME;
        }
        if (v instanceof Value.Int i) {
            return i.value();
        }
        throw error(source, line, "bad " + keyPrefix + "time " + v + "; expected an integer number of"
                + " nanoseconds, or no " + keyPrefix + "time at all");
    }

    /** The name a keyword or string holds; null for other values. */
    private static String name(Value v) {
        if (v instanceof Value.Kw k) {
            return k.name();
        }
        if (v instanceof Value.Str s) {
            return s.value();
        }
        return null;
    }
}
