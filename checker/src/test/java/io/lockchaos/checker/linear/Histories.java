package io.lockchaos.checker.linear;

import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.ArrayList;
import java.util.List;

/** A small builder of hand-written histories for tests: events in order, no times. */
final class Histories {

    private final List<Op> events = new ArrayList<>();

    Histories invoke(int process, String f, Value value) {
        return add(OpType.INVOKE, process, f, value);
    }

    Histories ok(int process, String f, Value value) {
        return add(OpType.OK, process, f, value);
    }

    Histories fail(int process, String f, Value value) {
        return add(OpType.FAIL, process, f, value);
    }

    Histories info(int process, String f, Value value) {
        return add(OpType.INFO, process, f, value);
    }

    Histories add(OpType type, int process, String f, Value value) {
        events.add(new Op(events.size(), Op.NO_TIME, type, Process.client(process), f, value));
        return this;
    }

    Histories event(Op op) {
        events.add(op);
        return this;
    }

    History build() {
        return History.of("test", events);
    }

    static Value cas(long from, long to) {
        return Value.vec(Value.of(from), Value.of(to));
    }
}
