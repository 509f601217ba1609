package io.lockchaos.harness.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The Wilson interval against values computed by hand from its formula (z = 1.96). */
class WilsonTest {

    @Test
    void noneOfTwentyIsZeroToSixteenPercent() {
        Wilson w = Wilson.of(0, 20);
        assertEquals(0.0, w.low());
        assertEquals(0.1611, w.high(), 1e-4);
        assertEquals("0-16%", w.percent());
    }

    @Test
    void halfOfTwenty() {
        Wilson w = Wilson.of(10, 20);
        assertEquals(0.2993, w.low(), 1e-4);
        assertEquals(0.7007, w.high(), 1e-4);
    }

    @Test
    void oneOfTenAndAllOfFive() {
        Wilson w = Wilson.of(1, 10);
        assertEquals(0.0179, w.low(), 1e-4);
        assertEquals(0.4042, w.high(), 1e-4);
        Wilson all = Wilson.of(5, 5);
        assertEquals(0.5655, all.low(), 1e-4);
        assertEquals(1.0, all.high());
    }

    @Test
    void refusesARateOfNothing() {
        assertThrows(IllegalArgumentException.class, () -> Wilson.of(0, 0));
        assertThrows(IllegalArgumentException.class, () -> Wilson.of(3, 2));
    }
}
