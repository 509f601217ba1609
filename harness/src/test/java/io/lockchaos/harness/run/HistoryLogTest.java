package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lockchaos.history.History;
import io.lockchaos.checker.history.format.HistoryFormats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryLogTest {

    @Test
    void finishMergesByTimeAndLeavesOnlyTheTwoHistories(@TempDir Path dir) throws IOException {
        Path jsonl = dir.resolve("history.jsonl");
        try (HistoryLog log = new HistoryLog(jsonl)) {
            log.appendLine("{\"index\":0,\"time\":300,\"type\":\"invoke\",\"process\":1,\"f\":\"acquire\",\"value\":{\"lock\":\"a\"}}");
            log.appendLine("  ");
            log.appendLine("{\"index\":0,\"time\":100,\"type\":\"invoke\",\"process\":0,\"f\":\"acquire\",\"value\":{\"lock\":\"a\"}}");
            log.appendLine("{\"index\":1,\"time\":200,\"type\":\"ok\",\"process\":0,\"f\":\"acquire\",\"value\":{\"lock\":\"a\"}}");
            assertEquals(3, log.lines());
            History merged = log.finish(dir.resolve("history.edn"));
            assertEquals(List.of(100L, 200L, 300L), merged.ops().stream().map(o -> o.time()).toList());
        }
        assertEquals(List.of(100L, 200L, 300L), HistoryFormats.read(jsonl).ops().stream().map(o -> o.time()).toList());
        assertEquals(3, HistoryFormats.read(dir.resolve("history.edn")).size());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("history.edn", "history.jsonl"),
                    files.map(p -> p.getFileName().toString()).sorted().toList(), "no partial file is left");
        }
    }

    @Test
    void readFirstReadsTheFirstLinesSortedAndNothingOfALongerFilesTornEnd(@TempDir Path dir) throws IOException {
        Path jsonl = dir.resolve("history.jsonl");
        String line = "{\"index\":%d,\"time\":%d,\"type\":\"invoke\",\"process\":%d,\"f\":\"acquire\","
                + "\"value\":{\"lock\":\"a\"}}\n";
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            text.append(String.format(line, 0, 500 - i * 100, i)); // later lines, earlier times
        }
        Files.writeString(jsonl, text + "{\"index\":0,\"ti");   // torn, as a killed worker leaves it

        assertEquals(List.of(200L, 300L, 400L, 500L),
                HistoryLog.readFirst(jsonl, 4).ops().stream().map(o -> o.time()).toList());
        assertEquals(5, HistoryLog.readFirst(jsonl, 10).size(), "a file no longer than n: its complete lines");
    }
}
