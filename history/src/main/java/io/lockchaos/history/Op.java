package io.lockchaos.history;

import java.util.Map;
import java.util.Objects;

/**
 * One event of a history, in Jepsen's shape:
 * {@code {:index 7 :time 1200345 :type :invoke :process 3 :f :acquire :value {:lock "job-0"}}}.
 *
 * @param index   position in the history, from 0
 * @param time    nanoseconds since the run started ({@code -1} when the source had no time)
 * @param type    invoke, ok, fail or info
 * @param process who performed it
 * @param f       the function, a keyword name without the colon ({@code acquire}, {@code cas})
 * @param value   the argument on invoke, the result on completion
 * @param error   why it failed or is indeterminate ({@link Value#NIL} when none)
 * @param extra   any other keys the source carried (kept so writers round-trip)
 */
public record Op(int index, long time, OpType type, Process process, String f, Value value,
                 Value error, Map<String, Value> extra) {

    public static final long NO_TIME = -1;

    public Op {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(process, "process");
        Objects.requireNonNull(f, "f");
        value = value == null ? Value.NIL : value;
        error = error == null ? Value.NIL : error;
        extra = extra == null ? Map.of() : Map.copyOf(extra);
    }

    public Op(int index, long time, OpType type, Process process, String f, Value value) {
        this(index, time, type, process, f, value, Value.NIL, Map.of());
    }

    public Op withIndex(int newIndex) {
        return new Op(newIndex, time, type, process, f, value, error, extra);
    }

    public Op withType(OpType newType) {
        return new Op(index, time, newType, process, f, value, error, extra);
    }

    public Op withValue(Value newValue) {
        return new Op(index, time, type, process, f, newValue, error, extra);
    }

    public boolean isInvoke() {
        return type == OpType.INVOKE;
    }

    public boolean hasTime() {
        return time != NO_TIME;
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("{:index ").append(index);
        if (hasTime()) {
            out.append(" :time ").append(time);
        }
        out.append(" :type :").append(type.keyword())
                .append(" :process ").append(process instanceof Process.Named ? ":" + process : process)
                .append(" :f :").append(f)
                .append(" :value ").append(value);
        if (!error.isNil()) {
            out.append(" :error ").append(error);
        }
        return out.append('}').toString();
    }
}
