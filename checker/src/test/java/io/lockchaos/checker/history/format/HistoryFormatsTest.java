package io.lockchaos.checker.history.format;

import io.lockchaos.history.format.HistoryReader;
import io.lockchaos.history.format.HistoryWriter;
import io.lockchaos.history.format.HistoryWriteException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The façade: content first, file name second; files written and read back. */
class HistoryFormatsTest {

    private static final String EDN = "{:process 0, :type :invoke, :f :get, :key \"7\", :value nil}\n"
            + "{:process 0, :type :ok, :f :get, :key \"7\", :value \"x\"}\n";
    private static final String VECTOR = "[{:process 0, :type :invoke, :f :get, :value nil}\n"
            + " {:process 0, :type :ok, :f :get, :value \"x\"}]\n";
    private static final String JSON = "{\"process\": 0, \"type\": \"invoke\", \"f\": \"get\", \"value\": null}\n"
            + "{\"process\": 0, \"type\": \"ok\", \"f\": \"get\", \"value\": \"x\"}\n";
    private static final String LOG = "INFO  jepsen.util - 0\t:invoke\t:get\tnil\n"
            + "INFO  jepsen.util - 0\t:ok\t:get\t\"x\"\n";
    private static final String LOG_WITH_PREAMBLE = "2026-01-02 03:04:05 starting the test\n" + LOG;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} holding {1}")
    @CsvSource({
            "history.log, EDN, EDN",
            "history, VECTOR, EDN",
            "ops.edn, JSON, JSON_LINES",
            "data, JSON, JSON_LINES",
            "history.jsonl, LOG, JEPSEN_LOG",
            "noext, LOG, JEPSEN_LOG",
            "run.log, LOG_WITH_PREAMBLE, JEPSEN_LOG",
    })
    void picksTheReaderByContentThenName(String name, String content, HistoryFormat format) throws IOException {
        Path file = Files.writeString(dir.resolve(name), text(content));

        assertEquals(format, HistoryFormats.detect(file));
        History h = HistoryFormats.read(file);
        assertEquals(2, h.size());
        assertEquals(Value.of("x"), h.operations().get(0).output());
        assertEquals("get", h.operations().get(0).f());
    }

    @Test
    void sniffsTheFirstLine() {
        assertEquals(Optional.of(HistoryFormat.JSON_LINES), HistoryFormat.sniff("{ \"type\" : \"ok\"}"));
        assertEquals(Optional.of(HistoryFormat.JSON_LINES), HistoryFormat.sniff("{\"a\\\"b\":1}"));
        assertEquals(Optional.of(HistoryFormat.EDN), HistoryFormat.sniff("{\"type\" \"ok\"}"));
        assertEquals(Optional.of(HistoryFormat.EDN), HistoryFormat.sniff("#jepsen.history.Op{:index 0}"));
        assertEquals(Optional.of(HistoryFormat.JEPSEN_LOG), HistoryFormat.sniff("INFO  jepsen.core - Running"));
        assertEquals(Optional.of(HistoryFormat.JEPSEN_LOG),
                HistoryFormat.sniff("12:00:01 [worker 3] jepsen.util - 3\t:invoke\t:read\tnil"));
        assertEquals(Optional.empty(), HistoryFormat.sniff("hello"));
    }

    @Test
    void aByteOrderMarkIsNotContent() throws IOException {
        for (String content : List.of(EDN, VECTOR, JSON)) {
            Path file = Files.writeString(dir.resolve("bom"), HistoryReader.BYTE_ORDER_MARK + content);
            assertEquals(2, HistoryFormats.read(file).size(), content);
        }
    }

    @Test
    void emptyAndBlankFilesAreEmptyHistories() throws IOException {
        assertEquals(0, HistoryFormats.read(Files.writeString(dir.resolve("etcd.log"), "")).size());
        assertEquals(0, HistoryFormats.read(Files.writeString(dir.resolve("blank.x"), " \n\n\t\n")).size());
    }

    @Test
    void writesByExtensionAndReadsBack() {
        History history = History.of(List.of(
                new Op(0, 5, OpType.INVOKE, Process.client(1), "acquire", Value.map("lock", "job-0")),
                new Op(0, 9, OpType.OK, Process.client(1), "acquire", Value.map("lock", "job-0", "token", 34)),
                new Op(0, 10, OpType.INFO, Process.NEMESIS, "start-pause", Value.map("ms", 15000),
                        Value.NIL, Map.of("targets", Value.vec(Value.of("worker-1"))))));
        for (String name : List.of("history.edn", "history.jsonl")) {
            Path file = dir.resolve(name);
            HistoryFormats.write(file, history);
            assertEquals(history.ops(), HistoryFormats.read(file).ops(), name);
        }
        HistoryWriteException e = assertThrows(HistoryWriteException.class,
                () -> HistoryFormats.openWriter(dir.resolve("history.txt")));
        assertTrue(e.getMessage().contains("name it *.edn or *.jsonl"), e.getMessage());
    }

    @Test
    void eachLineIsOnDiskBeforeTheWriterCloses() throws IOException {
        Path file = dir.resolve("history.jsonl");
        HistoryWriter out = HistoryFormats.openWriter(file);
        out.write(new Op(0, 1, OpType.INVOKE, Process.client(0), "read", Value.NIL));
        out.write(new Op(1, 2, OpType.OK, Process.client(0), "read", Value.of(3)));

        List<String> lines = Files.readAllLines(file);
        assertEquals(2, lines.size(), "both lines flushed while the writer is open");
        assertEquals(Value.of(3), HistoryFormats.read(file).operations().get(0).output());

        out.close();
        out.close();
        assertThrows(HistoryWriteException.class,
                () -> out.write(new Op(2, 3, OpType.INVOKE, Process.client(0), "read", Value.NIL)));
    }

    private static String text(String name) {
        switch (name) {
            case "EDN": return EDN;
            case "VECTOR": return VECTOR;
            case "JSON": return JSON;
            case "LOG": return LOG;
            default: return LOG_WITH_PREAMBLE;
        }
    }
}
