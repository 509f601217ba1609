package io.lockchaos.checker.linear;

import io.lockchaos.checker.history.History;
import io.lockchaos.checker.history.Operation;
import io.lockchaos.checker.history.Process;
import io.lockchaos.checker.model.Model;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One independent part of a history: the client operations the model kept for one
 * partition key, in invocation order, with their prepared calls.
 */
record Part<C>(String key, List<Operation> operations, List<C> calls) {

    int size() {
        return operations.size();
    }

    /** Splits a history's client operations by the model's partition key, largest part first. */
    static <S, C> List<Part<C>> split(History history, Model<S, C> model) {
        Map<String, Part<C>> parts = new LinkedHashMap<>();
        for (Operation operation : history.operations()) {
            if (!(operation.process() instanceof Process.Client)) {
                continue;
            }
            Optional<C> call = model.prepare(operation);
            if (call.isEmpty()) {
                continue;
            }
            Part<C> part = parts.computeIfAbsent(model.partition(operation),
                    key -> new Part<>(key, new ArrayList<>(), new ArrayList<>()));
            part.operations.add(operation);
            part.calls.add(call.get());
        }
        List<Part<C>> result = new ArrayList<>(parts.values());
        result.sort(Comparator.comparingInt((Part<C> p) -> p.size()).reversed());
        return result;
    }
}
