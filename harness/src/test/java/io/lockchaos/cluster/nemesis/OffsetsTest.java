package io.lockchaos.cluster.nemesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.faults.nemesis.NemesisException;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The libfaketime offset file's text, both ways (decimal seconds checked against libfaketime 0.9.10). */
class OffsetsTest {

    @ParameterizedTest
    @CsvSource({"+120s, 120000", "-5s, -5000", "+0.5s, 500", "-1.25s, -1250", "+0s, 0"})
    void formatsAndReadsBack(String text, long millis) {
        assertEquals(text, Offsets.format(Duration.ofMillis(millis)));
        assertEquals(Duration.ofMillis(millis), Offsets.parse("redis-1", text));
    }

    @ParameterizedTest
    @CsvSource({"+0, 0", "'', 0", "+2m, 120000", "+1h, 3600000", "+1d, 86400000", "30, 30000"})
    void readsWhatOthersMayHaveWritten(String text, long millis) {
        assertEquals(Duration.ofMillis(millis), Offsets.parse("redis-1", text + "\n"));
    }

    @ParameterizedTest
    @CsvSource({"@2026-01-01 00:00:00", "soon"})
    void anAbsoluteOrGarbledFileIsNamed(String text) {
        NemesisException e = assertThrows(NemesisException.class, () -> Offsets.parse("zk-2", text));
        assertTrue(e.getMessage().startsWith("zk-2: the clock offset file holds"), e.getMessage());
    }
}
