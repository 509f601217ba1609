package io.lockchaos.checker.model;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Value;
import java.util.Optional;

/**
 * Where keyed models find an operation's key: the event's own {@code :key} entry (the kv
 * corpus writes {@code {:process 0, :type :invoke, :f :get, :key "3", :value nil}}), else a
 * {@code :key} or {@code :lock} entry of the invocation's value map.
 */
final class OperationKeys {

    private OperationKeys() {
    }

    static Optional<String> keyOf(Operation operation) {
        Value extra = operation.invocation().extra().get(LockOps.Field.KEY.text());
        if (extra != null) {
            return Optional.of(text(extra));
        }
        Value input = operation.input();
        Optional<Value> inValue = LockOps.Field.KEY.in(input).or(() -> LockOps.Field.LOCK.in(input));
        return inValue.map(OperationKeys::text);
    }

    static String requireKey(Operation operation, String model) {
        return keyOf(operation).orElseThrow(() -> ModelException.at(operation, model, "has no key: give the"
                + " event a :key entry, or a value map with :key or :lock, or use the model without keys"));
    }

    /** A key as text: strings and keywords by name, anything else as EDN. */
    static String text(Value key) {
        if (key instanceof Value.Str s) {
            return s.value();
        }
        if (key instanceof Value.Kw k) {
            return k.name();
        }
        return key.toString();
    }

    /**
     * The payload of a keyed operation's value: a map's {@code :value} entry when it has one
     * ({@code {:key "x" :value 3}}), otherwise the value itself.
     */
    static Value payload(Value value) {
        if (value instanceof Value.Dict) {
            return value.get("value").orElse(value);
        }
        return value;
    }
}
