package io.lockchaos.harness.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** ddmin against predicates whose minimal failing sets are known. */
class DeltaDebuggingTest {

    private static final List<Integer> EIGHT = IntStream.rangeClosed(1, 8).boxed().toList();

    @Test
    void findsTheOneElementThatFails() {
        List<List<Integer>> asked = new ArrayList<>();
        List<Integer> min = DeltaDebugging.minimize(EIGHT, l -> {
            asked.add(l);
            return l.contains(6);
        });
        assertEquals(List.of(6), min);
        assertEquals(asked.size(), new HashSet<>(asked).size(), "no list asked twice");
        assertTrue(asked.size() <= 8, "halving finds one of eight in few questions: " + asked.size());
        assertTrue(asked.contains(List.of()), "a single step is checked against no steps at all");
    }

    @Test
    void findsAPairThatOnlyFailsTogether() {
        List<Integer> min = DeltaDebugging.minimize(EIGHT, l -> l.contains(2) && l.contains(7));
        assertEquals(List.of(2, 7), min);
    }

    @Test
    void resultIsOneMinimalForAThreeElementCause() {
        List<Integer> min = DeltaDebugging.minimize(EIGHT, l -> l.containsAll(Set.of(1, 4, 8)));
        assertEquals(List.of(1, 4, 8), min);
        for (int i = 0; i < min.size(); i++) {
            List<Integer> less = new ArrayList<>(min);
            less.remove(i);
            assertTrue(!less.containsAll(Set.of(1, 4, 8)), "dropping any one passes");
        }
    }

    @Test
    void emptyWhenNothingIsNeededAndWholeWhenEverythingIs() {
        assertEquals(List.of(), DeltaDebugging.minimize(EIGHT, l -> true));
        assertEquals(EIGHT, DeltaDebugging.minimize(EIGHT, l -> l.size() == 8));
        assertEquals(List.of(), DeltaDebugging.minimize(List.<Integer>of(), l -> true));
    }

    @Test
    void splitsEvenlyInOrder() {
        assertEquals(List.of(List.of(1, 2), List.of(3, 4, 5)), DeltaDebugging.split(List.of(1, 2, 3, 4, 5), 2));
        assertEquals(List.of(List.of(1), List.of(2), List.of(3)), DeltaDebugging.split(List.of(1, 2, 3), 3));
    }
}
