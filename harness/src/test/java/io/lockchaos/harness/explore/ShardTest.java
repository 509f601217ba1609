package io.lockchaos.harness.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Shards are disjoint, cover the list, keep its order, and balance the weights. */
class ShardTest {

    @Test
    void parsesAndRefuses() {
        assertEquals(new Shard(2, 4), Shard.parse("2/4"));
        assertEquals(Shard.ALL, Shard.parse("1/1"));
        for (String bad : List.of("0/3", "4/3", "2", "a/b", "1/0", "1/2/3")) {
            ExploreException e = assertThrows(ExploreException.class, () -> Shard.parse(bad), bad);
            assertTrue(e.getMessage().contains("--shard"), e.getMessage());
        }
    }

    @Test
    void equalWeightsGoRoundRobin() {
        List<Integer> runs = IntStream.range(0, 10).boxed().toList();
        assertEquals(List.of(0, 3, 6, 9), new Shard(1, 3).slice(runs, i -> 1.0));
        assertEquals(List.of(1, 4, 7), new Shard(2, 3).slice(runs, i -> 1.0));
        assertEquals(List.of(2, 5, 8), new Shard(3, 3).slice(runs, i -> 1.0));
        assertEquals(runs, Shard.ALL.slice(runs, i -> 1.0));
    }

    @Test
    void slicesAreDisjointCoverTheListAndBalanceTheWeights() {
        Map<String, Double> wall = Map.of("a", 120.0, "b", 30.0, "c", 35.0, "d", 90.0, "e", 40.0, "f", 25.0, "g", 60.0);
        List<String> names = List.of("a", "b", "c", "d", "e", "f", "g");
        List<String> all = new ArrayList<>();
        double heaviest = 0;
        double lightest = Double.MAX_VALUE;
        for (int i = 1; i <= 3; i++) {
            List<String> slice = new Shard(i, 3).slice(names, wall::get);
            all.addAll(slice);
            assertEquals(slice.stream().sorted().toList(), slice, "a slice keeps the list's order");
            double sum = slice.stream().mapToDouble(wall::get).sum();
            heaviest = Math.max(heaviest, sum);
            lightest = Math.min(lightest, sum);
        }
        assertEquals(names, all.stream().sorted().toList(), "every item in exactly one slice");
        // 400 s over 3 shards: longest first gives 120 | 90+35 | 60+40+30+25 ... within one item of even.
        assertTrue(heaviest - lightest <= 35, "balanced: " + heaviest + " vs " + lightest);
        assertEquals(List.of("a"), new Shard(1, 3).slice(names, wall::get).subList(0, 1));
    }
}
