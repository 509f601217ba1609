package io.lockchaos.faults.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The slicer's cut points: contiguous, every piece at least a byte, sizes near the average. */
class SlicerToxicTest {

    @ParameterizedTest(name = "{0} bytes, average {1} ± {2}")
    @CsvSource({"1000, 100, 20", "1000, 0, 0", "7, 1, 0", "65536, 512, 511", "1, 10, 5", "0, 10, 5"})
    void cutsCoverTheChunkInPiecesOfAboutTheAverage(int size, int average, int variation) {
        SlicerToxic slicer = new SlicerToxic(average, variation, 0);
        List<Integer> cuts = slicer.cuts(0, size, new Random(size));
        assertEquals(0, cuts.get(0));
        assertEquals(size, cuts.get(cuts.size() - 1));
        for (int i = 1; i < cuts.size(); i++) {
            int piece = cuts.get(i) - cuts.get(i - 1);
            assertTrue(piece >= (size == 0 ? 0 : 1), "piece " + i + " has " + piece + " bytes");
            assertTrue(piece <= Math.max(1, average + variation), "piece " + i + " has " + piece + " bytes");
        }
    }
}
