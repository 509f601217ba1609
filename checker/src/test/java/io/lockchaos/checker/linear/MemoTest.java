package io.lockchaos.checker.linear;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.Value;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The packed memo and the hash-consed sets of indeterminate operations it names by number. */
class MemoTest {

    @Test
    void aSetHasOneIdWhateverTheOrderItsRanksWereAddedIn() {
        InfoSets sets = new InfoSets();
        Random random = new Random(3);
        List<Integer> ranks = new ArrayList<>();
        for (int r = 0; r < 40; r++) {
            ranks.add(r * 3);
        }
        int first = add(sets, ranks);
        for (int k = 0; k < 20; k++) {
            Collections.shuffle(ranks, random);
            assertEquals(first, add(sets, ranks));
        }
        assertNotEquals(first, add(sets, ranks.subList(1, ranks.size())));
        assertNotEquals(InfoSets.EMPTY, sets.with(InfoSets.EMPTY, 0));
    }

    @Test
    void aConfigurationIsNewOnceAndEveryPartOfItCounts() {
        Memo memo = new Memo();
        InfoSets sets = new InfoSets();
        int infos = sets.with(InfoSets.EMPTY, 5);
        assertTrue(memo.add(17, 3, new int[] {5, 9}, infos, Value.of(1)));
        assertFalse(memo.add(17, 3, new int[] {5, 9}, infos, Value.of(1)));
        assertTrue(memo.add(17, 3, new int[] {5, 9}, infos, Value.of(2)), "another state");
        assertTrue(memo.add(17, 4, new int[] {5, 9}, infos, Value.of(1)), "another watermark");
        assertTrue(memo.add(17, 3, new int[] {5, 8}, infos, Value.of(1)), "other operations above it");
        assertTrue(memo.add(17, 3, new int[] {5}, infos, Value.of(1)), "fewer operations above it");
        assertTrue(memo.add(17, 3, new int[] {5, 9}, InfoSets.EMPTY, Value.of(1)), "another indeterminate set");
        assertEquals(6, memo.size());
    }

    @Test
    void aMillionConfigurationsAreAllKeptAcrossPagesAndGrowth() {
        Memo memo = new Memo();
        for (int i = 0; i < 1_000_000; i++) {
            assertTrue(memo.add(i, i, new int[] {i + 1, i + 2}, 0, Value.of(i % 7)));
        }
        for (int i = 0; i < 1_000_000; i += 997) {
            assertFalse(memo.add(i, i, new int[] {i + 1, i + 2}, 0, Value.of(i % 7)));
        }
        assertEquals(1_000_000, memo.size());
    }

    @Test
    void configurationsLongerThanTheFirstPageAreKeptAndFoundAgain() {
        Memo memo = new Memo();
        int[][] extras = new int[40][];
        for (int i = 0; i < extras.length; i++) {
            extras[i] = new int[i % 2 == 0 ? 5_000 + 1_000 * i : 3];
            Arrays.fill(extras[i], i);
            assertTrue(memo.add(i, 0, extras[i], 0, Value.of(1)));
        }
        for (int i = 0; i < extras.length; i++) {
            assertFalse(memo.add(i, 0, extras[i], 0, Value.of(1)), "configuration " + i);
        }
        assertEquals(extras.length, memo.size());
    }

    private static int add(InfoSets sets, List<Integer> ranks) {
        int set = InfoSets.EMPTY;
        for (int rank : ranks) {
            set = sets.with(set, rank);
        }
        return set;
    }
}
