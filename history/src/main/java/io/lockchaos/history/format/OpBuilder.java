package io.lockchaos.history.format;

import io.lockchaos.history.Op;
import io.lockchaos.history.Value;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One op's fields as a reader meets them, key by key, without a map of fields per op: a
 * streaming reader keeps one and reuses it op after op. {@link #build} checks them as
 * {@link OpFields#toOp(Map, SourceLine, int)} does (it is built on this), with the same
 * messages.
 */
public final class OpBuilder {

    private final OpFields fields;
    Value type;
    Value process;
    Value f;
    Value time;
    Value value;
    Value error;
    private boolean index;
    /** The fields that are not an op's own, or null while there are none. */
    Map<String, Value> extra;

    /** A builder for ops read in {@code fields}'s format (its messages). */
    public OpBuilder(OpFields fields) {
        this.fields = fields;
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
                return time == null && (time = v) != null;
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

    /** The op at position {@code index} of its history; then the builder is empty for the next op. */
    public Op build(SourceLine at, int index) {
        try {
            return fields.toOp(this, at, index);
        } finally {
            type = null;
            process = null;
            f = null;
            time = null;
            value = null;
            error = null;
            this.index = false;
            extra = null;
        }
    }
}
