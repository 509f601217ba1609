package io.lockchaos.checker.linear;

import io.lockchaos.history.History;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import io.lockchaos.checker.model.Model;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * One independent part of a history: the client operations the model kept for one
 * partition key (or one group of keys that operations connect), in invocation order, with
 * their prepared calls.
 */
record Part<C>(String key, List<Operation> operations, List<C> calls) {

    int size() {
        return operations.size();
    }

    /** How the part is named in a reason: "the history", or "partition 'k'". */
    String label() {
        return label(key);
    }

    static String label(String key) {
        return key.isEmpty() ? "the history" : "partition '" + key + "'";
    }

    /**
     * Splits a history's client operations by the model's partitions, largest part first. An
     * operation that touches several partitions joins them into one part, named by its keys
     * joined with '+'. Keys are numbered as they are first seen, so the grouping is a
     * union-find over ints. The deadline is checked as it goes: a history of millions of
     * operations takes a while to read through.
     *
     * @throws OutOfTime when the budget's deadline passes first
     */
    static <S, C> List<Part<C>> split(History history, Model<S, C> model, Budget budget) {
        List<Operation> kept = new ArrayList<>();
        List<C> calls = new ArrayList<>();
        Keys keys = new Keys();
        int[] firstKeys = new int[64];
        List<Operation> operations = history.operations();
        for (int n = 0; n < operations.size(); n++) {
            if ((n & 0xFFF) == 0 && budget.expired()) {
                throw new OutOfTime(n, operations.size());
            }
            Operation operation = operations.get(n);
            if (!(operation.process() instanceof Process.Client)) {
                continue;
            }
            Optional<C> call = model.prepare(operation);
            if (call.isEmpty()) {
                continue;
            }
            if (kept.size() == firstKeys.length) {
                firstKeys = Arrays.copyOf(firstKeys, firstKeys.length * 2);
            }
            firstKeys[kept.size()] = keys.join(model.partitions(operation));
            kept.add(operation);
            calls.add(call.get());
        }
        String[] names = keys.names();
        Map<Integer, Part<C>> parts = new LinkedHashMap<>();
        for (int i = 0; i < kept.size(); i++) {
            int root = keys.find(firstKeys[i]);
            Part<C> part = parts.computeIfAbsent(root, r -> new Part<>(names[r], new ArrayList<>(), new ArrayList<>()));
            part.operations.add(kept.get(i));
            part.calls.add(calls.get(i));
        }
        List<Part<C>> result = new ArrayList<>(parts.values());
        result.sort(Comparator.comparingInt((Part<C> p) -> p.size()).reversed());
        return result;
    }

    /** Thrown by {@link #split} when the deadline passes, with how far it got. */
    static final class OutOfTime extends RuntimeException {
        final int read;
        final int total;

        OutOfTime(int read, int total) {
            super(null, null, false, false);
            this.read = read;
            this.total = total;
        }
    }

    /** The partition keys seen, numbered, with a union-find over the numbers. */
    private static final class Keys {
        private final Map<String, Integer> ids = new HashMap<>();
        private final List<String> names = new ArrayList<>();
        private int[] parent = new int[16];

        /** Numbers the keys, joins them into one group and answers the first one's number. */
        int join(List<String> keys) {
            int first = id(keys.isEmpty() ? Model.WHOLE : keys.get(0));
            for (int i = 1; i < keys.size(); i++) {
                int a = find(first);
                int b = find(id(keys.get(i)));
                if (a != b) {
                    parent[b] = a;
                }
            }
            return first;
        }

        private int id(String key) {
            Integer known = ids.get(key);
            if (known != null) {
                return known;
            }
            int id = names.size();
            ids.put(key, id);
            names.add(key);
            if (id == parent.length) {
                parent = Arrays.copyOf(parent, id * 2);
            }
            parent[id] = id;
            return id;
        }

        int find(int key) {
            int root = key;
            while (parent[root] != root) {
                root = parent[root];
            }
            for (int k = key; k != root; ) {
                int up = parent[k];
                parent[k] = root;
                k = up;
            }
            return root;
        }

        /** Each group's name, by its root's number: its one key, or its keys sorted and joined with '+'. */
        String[] names() {
            Map<Integer, TreeSet<String>> members = new HashMap<>();
            for (int id = 0; id < names.size(); id++) {
                members.computeIfAbsent(find(id), root -> new TreeSet<>()).add(names.get(id));
            }
            String[] out = new String[names.size()];
            members.forEach((root, keys) -> out[root] = String.join("+", keys));
            return out;
        }
    }
}
