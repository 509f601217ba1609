package io.lockchaos.testkit.lock;

import io.lockchaos.history.Value;
import io.lockchaos.history.ops.LockOps;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The simulation's operation values, built with the shared keywords of {@link LockOps.Field}. Values are immutable, so the
 * simulation shares one value among the events that carry the same one (a lock's name, a
 * grant's {@code {:lock :token}}), which keeps a million-event history small.
 */
final class SimValues {

    private SimValues() {
    }

    /** A map from alternating keyword/value arguments; a null token pair (token, null) is left out. */
    static Value dict(Value... keysAndValues) {
        Map<Value, Value> entries = new LinkedHashMap<>(keysAndValues.length);
        for (int i = 0; i < keysAndValues.length; i += 2) {
            Value v = keysAndValues[i + 1];
            if (v == null && keysAndValues[i] == LockOps.Field.TOKEN.keyword()) {
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
