package io.lockchaos.checker.model;

import io.lockchaos.history.Operation;
import io.lockchaos.history.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Knossos's {@code multi-register}: registers by key, read and written together in
 * {@code :txn} operations whose value is a vector of micro-ops {@code [:read k v]} /
 * {@code [:write k v]} ({@code :r} and {@code :w} also). Every key starts absent
 * ({@code nil}) unless {@link #startingAt} gives a map ({@code {:x 0 :y 0}}).
 *
 * <p>An {@code :ok} txn is read from its completion, whose reads carry the values seen; it
 * applies its micro-ops in order, atomically. A {@code :fail} txn did not happen and is
 * dropped. An indeterminate txn keeps only its writes (its reads saw nothing anyone knows)
 * and may take effect at any point after its invocation, or never; one with no writes is
 * dropped. Operations touching disjoint keys never constrain each other, so the search splits
 * the history into groups of keys that txns connect ({@link #partitions}).
 */
public final class MultiRegisterModel implements Model<MultiRegisterModel.State, MultiRegisterModel.Txn> {

    private final State initial;

    public MultiRegisterModel() {
        this(new State(Map.of()));
    }

    private MultiRegisterModel(State initial) {
        this.initial = initial;
    }

    /** The registers' values; a key that is not there is absent ({@code nil}). */
    public record State(Map<Value, Value> values) {
        public State {
            values = Map.copyOf(values);
        }

        Value get(Value key) {
            return values.getOrDefault(key, Value.NIL);
        }

        State with(Value key, Value value) {
            Map<Value, Value> next = new LinkedHashMap<>(values);
            if (value.isNil()) {
                next.remove(key);
            } else {
                next.put(key, value);
            }
            return new State(next);
        }

        @Override
        public String toString() {
            return new Value.Dict(stringKeys()).toString();
        }

        private Map<Value, Value> stringKeys() {
            Map<Value, Value> sorted = new LinkedHashMap<>();
            values.entrySet().stream().sorted(java.util.Comparator.comparing(e -> e.getKey().toString()))
                    .forEach(e -> sorted.put(e.getKey(), e.getValue()));
            return sorted;
        }
    }

    /** One micro-op of a txn: a read of {@code value} or a write of it, at {@code key}. */
    public record Micro(boolean write, Value key, Value value) {
        @Override
        public String toString() {
            return (write ? "w " : "r ") + key + " " + value;
        }
    }

    /** A txn as the model applies it. */
    public record Txn(List<Micro> micros) {
        public Txn {
            micros = List.copyOf(micros);
        }

        @Override
        public String toString() {
            return "txn " + micros;
        }
    }

    @Override
    public String name() {
        return "multi-register";
    }

    @Override
    public State init() {
        return initial;
    }

    @Override
    public MultiRegisterModel startingAt(Value value) {
        if (!(value instanceof Value.Dict dict)) {
            throw new ModelException("model multi-register starts from a map of keys to values, such as"
                    + " {:x 0 :y 0}; got " + value);
        }
        State start = new State(Map.of());
        for (Map.Entry<Value, Value> e : dict.entries().entrySet()) {
            start = start.with(e.getKey(), e.getValue());
        }
        return new MultiRegisterModel(start);
    }

    @Override
    public Optional<Txn> prepare(Operation operation) {
        if (!operation.f().equals("txn")) {
            throw ModelException.at(operation, name(), "has :f :" + operation.f()
                    + "; a multi-register knows :txn of [:read k v] and [:write k v] micro-ops");
        }
        List<Micro> invoked = micros(operation, operation.input());
        if (operation.isFail()) {
            return Optional.empty();
        }
        if (operation.isOk()) {
            return Optional.of(new Txn(micros(operation, operation.output())));
        }
        List<Micro> writes = invoked.stream().filter(Micro::write).toList();
        return writes.isEmpty() ? Optional.empty() : Optional.of(new Txn(writes));
    }

    /** The keys a txn touches: txns that share a key are searched together. */
    @Override
    public List<String> partitions(Operation operation) {
        Set<String> keys = new LinkedHashSet<>();
        for (Micro m : micros(operation, operation.input())) {
            keys.add(OperationKeys.text(m.key()));
        }
        return List.copyOf(keys);
    }

    private List<Micro> micros(Operation operation, Value value) {
        if (!(value instanceof Value.Vec vec)) {
            throw ModelException.at(operation, name(), "has value " + value
                    + "; a :txn's value is a vector of [:read k v] / [:write k v] micro-ops");
        }
        List<Micro> micros = new ArrayList<>(vec.items().size());
        for (Value item : vec.items()) {
            if (!(item instanceof Value.Vec triple) || triple.items().size() != 3
                    || !(triple.items().get(0) instanceof Value.Kw f)) {
                throw ModelException.at(operation, name(), "has micro-op " + item + "; expected [:read k v] or"
                        + " [:write k v]");
            }
            boolean write = switch (f.name()) {
                case "write", "w" -> true;
                case "read", "r" -> false;
                default -> throw ModelException.at(operation, name(), "has micro-op " + item
                        + "; a micro-op is :read (:r) or :write (:w)");
            };
            micros.add(new Micro(write, triple.items().get(1), triple.items().get(2)));
        }
        return micros;
    }

    @Override
    public Step<State> step(State state, Txn txn) {
        State next = state;
        for (Micro m : txn.micros()) {
            if (m.write()) {
                next = next.with(m.key(), m.value());
            } else if (!next.get(m.key()).equals(m.value())) {
                return Step.inconsistent(m + ": the register " + m.key() + " holds " + next.get(m.key()));
            }
        }
        return Step.next(next);
    }
}
