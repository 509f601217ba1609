package io.lockchaos.checker.linear;

import io.lockchaos.history.History;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import io.lockchaos.checker.model.Model;
import java.util.ArrayList;
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

    /**
     * Splits a history's client operations by the model's partitions, largest part first. An
     * operation that touches several partitions joins them into one part, named by its keys
     * joined with '+'.
     */
    static <S, C> List<Part<C>> split(History history, Model<S, C> model) {
        List<Operation> kept = new ArrayList<>();
        List<C> calls = new ArrayList<>();
        List<String> firstKeys = new ArrayList<>();
        Map<String, String> parent = new HashMap<>();
        for (Operation operation : history.operations()) {
            if (!(operation.process() instanceof Process.Client)) {
                continue;
            }
            Optional<C> call = model.prepare(operation);
            if (call.isEmpty()) {
                continue;
            }
            List<String> keys = model.partitions(operation);
            String first = keys.isEmpty() ? Model.WHOLE : keys.get(0);
            parent.putIfAbsent(first, first);
            for (int i = 1; i < keys.size(); i++) {
                parent.putIfAbsent(keys.get(i), keys.get(i));
                union(parent, first, keys.get(i));
            }
            kept.add(operation);
            calls.add(call.get());
            firstKeys.add(first);
        }
        Map<String, String> names = names(parent);
        Map<String, Part<C>> parts = new LinkedHashMap<>();
        for (int i = 0; i < kept.size(); i++) {
            String name = names.get(find(parent, firstKeys.get(i)));
            Part<C> part = parts.computeIfAbsent(name, key -> new Part<>(key, new ArrayList<>(), new ArrayList<>()));
            part.operations.add(kept.get(i));
            part.calls.add(calls.get(i));
        }
        List<Part<C>> result = new ArrayList<>(parts.values());
        result.sort(Comparator.comparingInt((Part<C> p) -> p.size()).reversed());
        return result;
    }

    private static String find(Map<String, String> parent, String key) {
        String root = key;
        while (!parent.get(root).equals(root)) {
            root = parent.get(root);
        }
        for (String k = key; !k.equals(root); ) {
            String up = parent.get(k);
            parent.put(k, root);
            k = up;
        }
        return root;
    }

    private static void union(Map<String, String> parent, String a, String b) {
        String ra = find(parent, a);
        String rb = find(parent, b);
        if (!ra.equals(rb)) {
            parent.put(rb, ra);
        }
    }

    /** Each group's name: its one key, or its keys sorted and joined with '+'. */
    private static Map<String, String> names(Map<String, String> parent) {
        Map<String, TreeSet<String>> members = new HashMap<>();
        for (String key : List.copyOf(parent.keySet())) {
            members.computeIfAbsent(find(parent, key), root -> new TreeSet<>()).add(key);
        }
        Map<String, String> names = new HashMap<>();
        members.forEach((root, keys) -> names.put(root, String.join("+", keys)));
        return names;
    }
}
