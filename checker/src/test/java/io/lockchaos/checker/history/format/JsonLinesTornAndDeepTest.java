package io.lockchaos.checker.history.format;

import io.lockchaos.history.format.JsonLinesHistoryReader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.History;
import io.lockchaos.history.HistoryFormatException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a killed run and hostile input leave in a JSON lines history. */
class JsonLinesTornAndDeepTest {

    private static final String INVOKE = "{\"type\": \"invoke\", \"process\": 0, \"f\": \"read\"}\n";
    private static final String OK = "{\"type\": \"ok\", \"process\": 0, \"f\": \"read\", \"value\": 3}\n";
    private final JsonLinesHistoryReader reader = new JsonLinesHistoryReader();

    @Test
    void aTornLastLineIsNotedAndEveryCompleteLineRead() {
        History h = reader.readString("h.jsonl", INVOKE + OK + INVOKE + "{\"type\": \"ok\", \"proc");

        assertEquals(3, h.size());
        assertEquals(1, h.notes().size());
        String note = h.notes().get(0);
        assertTrue(note.startsWith("h.jsonl:4: the last line is torn"), note);
        assertTrue(note.contains("read the 3 events before it"), note);
    }

    @Test
    void aCompleteLastLineWithoutNewlineIsAnOrdinaryLine() {
        History h = reader.readString("h.jsonl", INVOKE + OK.strip());

        assertEquals(2, h.size());
        assertEquals(List.of(), h.notes());
    }

    @Test
    void aMalformedLineInTheMiddleIsStillAnError() {
        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> reader.readString("h.jsonl", INVOKE + "{\"type\": \"ok\", \"proc\n" + OK));
        assertTrue(e.getMessage().startsWith("h.jsonl:2: malformed JSON at column"), e.getMessage());
    }

    @Test
    void aMalformedLastLineEndedByANewlineIsAnError() {
        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> reader.readString("h.jsonl", INVOKE + "{\"type\": \"ok\", \"proc\n"));
        assertEquals(2, e.line());
    }

    @Test
    void textAfterTheObjectIsAnError() {
        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> reader.readString("h.jsonl", INVOKE.strip() + " {}\n"));
        assertTrue(e.getMessage().startsWith("h.jsonl:1: more after the op object at column"), e.getMessage());
    }

    @Test
    void deepNestingIsALineErrorWithoutJacksonNoise() {
        String deep = "[".repeat(5000) + "]".repeat(5000);
        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> reader.readString("h.jsonl", INVOKE + "{\"type\": \"ok\", \"process\": 0, \"f\": \"read\", \"value\": "
                        + deep + "}\n"));
        assertEquals("h.jsonl:2: values nested more than 500 deep; expected op values of modest depth"
                + " (is the file a JSON lines history?)", e.getMessage());
    }

    @Test
    void jacksonsSourceNoiseStaysOut() {
        HistoryFormatException e = assertThrows(HistoryFormatException.class,
                () -> reader.readString("h.jsonl", "{\"type\": \"invoke\", \"process\": 0,, \"f\": \"read\"}\n"));
        assertTrue(!e.getMessage().contains("Source:") && !e.getMessage().contains("REDACTED"), e.getMessage());
    }
}
