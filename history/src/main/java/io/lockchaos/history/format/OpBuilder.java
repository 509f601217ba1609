package io.lockchaos.history.format;

import io.lockchaos.history.Op;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One op's fields as a reader meets them, key by key, without a map of fields per op: a
 * streaming reader keeps one and reuses it op after op. {@link #build} checks them as
 * {@link OpFields#toOp(Map, SourceLine, int)} does (it is built on this), with the same
 * messages. What would be an object per op and is not needed once the op is built is not
 * made: a {@code :time} given with {@link #putTime} stays a {@code long}, the place for a
 * message is made only for a message, and a client process read a moment ago is the same
 * {@link Process.Client} (a long history names a few hundred of them a million times).
 */
public final class OpBuilder {

    private static final int CLIENT_SLOTS = 1 << 12;

    private final OpFields fields;
    Value type;
    Value process;
    Value f;
    Value time;
    /** A {@code :time} given as a number (when {@link #hasTimeNs}), instead of {@link #time}. */
    long timeNs;
    boolean hasTimeNs;
    Value value;
    Value error;
    private boolean index;
    /** The fields that are not an op's own, or null while there are none. */
    Map<String, Value> extra;
    /** Client processes read a moment ago, by id; null in a builder made for one op. */
    private final Process.Client[] clients;

    /** A builder for ops read in {@code fields}'s format (its messages), to be reused op after op. */
    public OpBuilder(OpFields fields) {
        this(fields, true);
    }

    OpBuilder(OpFields fields, boolean reused) {
        this.fields = fields;
        this.clients = reused ? new Process.Client[CLIENT_SLOTS] : null;
    }

    /** Sets the field {@code name} (a key without its colon) to {@code v}; false when the op already has it. */
    public boolean put(String name, Value v) {
        switch (name) {
            case OpFields.TYPE:
                return type == null && (type = v) != null;
            case OpFields.PROCESS:
                return process == null && (process = v) != null;
            case OpFields.F:
                return f == null && (f = v) != null;
            case OpFields.TIME:
                return time == null && !hasTimeNs && (time = v) != null;
            case OpFields.VALUE:
                return value == null && (value = v) != null;
            case OpFields.ERROR:
                return error == null && (error = v) != null;
            case OpFields.INDEX:
                return !index && (index = true);
            default:
                if (extra == null) {
                    extra = new LinkedHashMap<>();
                }
                return extra.putIfAbsent(name, v) == null;
        }
    }

    /** Sets {@code :time} to the integer {@code ns}, as {@code put("time", Value.of(ns))} does; false when the op already has it. */
    public boolean putTime(long ns) {
        if (time != null || hasTimeNs) {
            return false;
        }
        timeNs = ns;
        hasTimeNs = true;
        return true;
    }

    /** The op at position {@code index} of its history; then the builder is empty for the next op. */
    public Op build(SourceLine at, int index) {
        return build(at.source(), at.line(), index);
    }

    /**
     * The op at position {@code index} of its history, which begins on {@code line} of
     * {@code source} (for a message); then the builder is empty for the next op.
     */
    public Op build(String source, int line, int index) {
        try {
            return fields.toOp(this, source, line, index);
        } finally {
            clear();
        }
    }

    /** Forgets the fields put so far: the builder is empty for the next op. */
    public void clear() {
        type = null;
        process = null;
        f = null;
        time = null;
        hasTimeNs = false;
        value = null;
        error = null;
        this.index = false;
        extra = null;
    }

    /** {@link Process#client(int)}, the same instance as for the last op of this process when it was read a moment ago. */
    Process client(int id) {
        if (clients == null) {
            return Process.client(id);
        }
        Process.Client known = clients[id & (CLIENT_SLOTS - 1)];
        if (known != null && known.id() == id) {
            return known;
        }
        Process p = Process.client(id);
        if (p instanceof Process.Client c) {
            clients[id & (CLIENT_SLOTS - 1)] = c;
        }
        return p;
    }
}
