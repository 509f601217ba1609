package io.lockchaos.checker.model;

import io.lockchaos.history.Operation;
import io.lockchaos.history.Value;
import java.util.Optional;

/**
 * A key-value store of strings with {@code :get}, {@code :put} and {@code :append}, checked
 * one key at a time: the model partitions the history per key, and each key starts as
 * {@code ""}. The key is the event's {@code :key} entry (as in Porcupine's kv corpus) or a
 * {@code :key} in the value map, whose {@code :value} is then the payload. A get that
 * returned {@code nil} read the initial {@code ""}. A {@code :fail} put or append did not
 * happen and is dropped; an indeterminate one may take effect or not; a get that did not
 * complete with {@code :ok} constrains nothing and is dropped.
 */
public final class KvModel implements Model<KvValue, KvCall> {

    @Override
    public String name() {
        return "kv";
    }

    @Override
    public KvValue init() {
        return KvValue.EMPTY;
    }

    @Override
    public String partition(Operation operation) {
        return OperationKeys.requireKey(operation, name());
    }

    @Override
    public Optional<KvCall> prepare(Operation operation) {
        OperationKeys.requireKey(operation, name());
        if (operation.isFail()) {
            return Optional.empty();
        }
        switch (operation.f()) {
            case "get":
                return operation.isOk()
                        ? Optional.of(new KvCall.Get(string(operation, operation.output()))) : Optional.empty();
            case "put":
                return Optional.of(new KvCall.Put(string(operation, operation.input())));
            case "append":
                return Optional.of(new KvCall.Append(string(operation, operation.input())));
            default:
                throw ModelException.at(operation, name(), "has :f :" + operation.f()
                        + "; kv knows :get, :put and :append");
        }
    }

    private String string(Operation operation, Value value) {
        Value payload = OperationKeys.payload(value);
        if (payload.isNil()) {
            return "";
        }
        if (payload instanceof Value.Str s) {
            return s.value();
        }
        throw ModelException.at(operation, name(), "carries " + payload + " where kv expects a string");
    }

    @Override
    public Step<KvValue> step(KvValue state, KvCall call) {
        return call.apply(state);
    }

    @Override
    public String describeState(KvValue state) {
        return "\"" + state + "\"";
    }
}
