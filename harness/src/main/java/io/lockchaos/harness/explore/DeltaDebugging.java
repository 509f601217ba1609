package io.lockchaos.harness.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Zeller's ddmin: from a list for which {@code fails} holds, a smaller one for which it still
 * holds and from which no single element can be dropped (1-minimal), trying subsets and then
 * complements of ever finer chunks. {@code fails} is asked at most once per distinct sublist;
 * the list itself is taken as failing and never asked.
 */
public final class DeltaDebugging {

    private DeltaDebugging() {
    }

    /** A 1-minimal sublist of {@code items} (in their order) that still fails. */
    public static <T> List<T> minimize(List<T> items, Predicate<List<T>> fails) {
        Memo<T> memo = new Memo<>(fails);
        List<T> current = List.copyOf(items);
        int n = 2;
        while (current.size() >= 2) {
            List<List<T>> chunks = split(current, n);
            List<T> next = firstFailing(chunks, memo);
            if (next != null) {
                current = next;
                n = 2;
                continue;
            }
            if (n > 2) {
                List<T> whole = current;
                next = firstFailing(chunks.stream().map(c -> without(whole, c)).toList(), memo);
                if (next != null) {
                    current = next;
                    n = Math.max(n - 1, 2);
                    continue;
                }
            }
            if (n >= current.size()) {
                break;
            }
            n = Math.min(2 * n, current.size());
        }
        if (current.size() == 1 && memo.test(List.of())) {
            return List.of();
        }
        return current;
    }

    private static <T> List<T> firstFailing(List<List<T>> candidates, Memo<T> memo) {
        for (List<T> c : candidates) {
            if (memo.test(c)) {
                return c;
            }
        }
        return null;
    }

    /** {@code list} in {@code n} chunks as even as can be, in order. */
    static <T> List<List<T>> split(List<T> list, int n) {
        List<List<T>> chunks = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < n; i++) {
            int end = start + (list.size() - start) / (n - i);
            chunks.add(List.copyOf(list.subList(start, end)));
            start = end;
        }
        return chunks;
    }

    private static <T> List<T> without(List<T> list, List<T> chunk) {
        List<T> rest = new ArrayList<>(list);
        // A chunk is a contiguous run of the list: drop it by position, so equal elements elsewhere stay.
        int at = java.util.Collections.indexOfSubList(list, chunk);
        rest.subList(at, at + chunk.size()).clear();
        return List.copyOf(rest);
    }

    /** Asks {@code fails} once per distinct list. */
    private static final class Memo<T> {
        private final Predicate<List<T>> fails;
        private final java.util.Map<List<T>, Boolean> seen = new java.util.HashMap<>();

        Memo(Predicate<List<T>> fails) {
            this.fails = fails;
        }

        boolean test(List<T> candidate) {
            return seen.computeIfAbsent(candidate, fails::test);
        }
    }
}
