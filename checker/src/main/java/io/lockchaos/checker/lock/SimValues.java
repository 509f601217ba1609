package io.lockchaos.checker.lock;

import io.lockchaos.history.Value;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The simulation's operation values, built with shared keywords. Values are immutable, so the
 * simulation shares one value among the events that carry the same one (a lock's name, a
 * grant's {@code {:lock :token}}), which keeps a million-event history small.
 */
final class SimValues {

    static final Value LOCK = Value.kw("lock");
    static final Value KEY = Value.kw("key");
    static final Value TOKEN = Value.kw("token");
    static final Value LAST = Value.kw("last");
    static final Value ID = Value.kw("id");
    static final Value PREV = Value.kw("prev");
    static final Value PROCESS = Value.kw("process");

    private SimValues() {
    }

    /** A map from alternating keyword/value arguments; a null token pair ({@code TOKEN, null}) is left out. */
    static Value dict(Value... keysAndValues) {
        Map<Value, Value> entries = new LinkedHashMap<>(keysAndValues.length);
        for (int i = 0; i < keysAndValues.length; i += 2) {
            Value v = keysAndValues[i + 1];
            if (v == null && keysAndValues[i] == TOKEN) {
                continue;
            }
            entries.put(keysAndValues[i], v == null ? Value.NIL : v);
        }
        return new Value.Dict(entries);
    }

    static Value str(String s) {
        return s == null ? Value.NIL : new Value.Str(s);
    }
}
