package io.lockchaos.faults.nemesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.faults.schedule.FaultSpec.PartitionShape;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GrudgeTest {

    private static final List<String> FIVE = List.of("zk-1", "zk-2", "zk-3", "zk-4", "zk-5");

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void halvesAreAMinorityAndAMajorityCutBothWays(long seed) {
        Grudge g = Grudge.of(PartitionShape.HALVES, List.of(), FIVE, new Random(seed));
        assertEquals(2, g.components().get(0).size());
        assertEquals(3, g.components().get(1).size());
        assertNull(g.bridge());
        Map<String, Set<String>> drops = g.drops();
        for (String a : FIVE) {
            for (String b : FIVE) {
                boolean apart = g.components().get(0).contains(a) != g.components().get(0).contains(b);
                assertEquals(apart, drops.getOrDefault(a, Set.of()).contains(b), a + " drops " + b);
            }
        }
    }

    @Test
    void aBridgeReachesBothSidesWhichCannotReachEachOther() {
        Grudge g = Grudge.of(PartitionShape.BRIDGE, List.of(), FIVE, new Random(3));
        Map<String, Set<String>> drops = g.drops();
        assertFalse(drops.containsKey(g.bridge()), "the bridge drops nobody");
        drops.values().forEach(dropped -> assertFalse(dropped.contains(g.bridge()), "nobody drops the bridge"));
        Set<String> all = new HashSet<>(g.components().get(0));
        all.addAll(g.components().get(1));
        all.add(g.bridge());
        assertEquals(Set.copyOf(FIVE), all);
        assertEquals(2, g.components().get(0).size());
        assertEquals(2, g.components().get(1).size());
    }

    @Test
    void theSameSeedCutsTheSameWay() {
        assertEquals(Grudge.of(PartitionShape.HALVES, List.of(), FIVE, new Random(9)),
                Grudge.of(PartitionShape.HALVES, List.of(), FIVE, new Random(9)));
        assertTrue(Grudge.of(PartitionShape.ISOLATE, List.of("zk-2"), FIVE, new Random(9)).drops().get("zk-2")
                .containsAll(List.of("zk-1", "zk-3", "zk-4", "zk-5")));
    }
}
