package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.OpType;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.history.format.JsonLinesHistoryWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsDirTest {

    private static final LocalDateTime AT = LocalDateTime.of(2026, 11, 30, 5, 7, 9);

    @Test
    void aRunGetsAStampedFolderAndLatestPointsAtTheNewest(@TempDir Path root) throws IOException {
        ResultsDir first = ResultsDir.create(root, "s1", AT);
        assertEquals(root.resolve("s1").resolve("20261130-050709"), first.dir());
        assertTrue(Files.isDirectory(first.dir().resolve("logs")));
        assertEquals(first.dir().resolve("history.jsonl"), first.historyJsonl());
        assertEquals(first.dir().resolve("logs").resolve("worker-2.log"), first.log("worker-2"));
        first.linkLatest();
        ResultsDir second = ResultsDir.create(root, "s1", AT);
        assertEquals(root.resolve("s1").resolve("20261130-050709-2"), second.dir());
        assertEquals(Path.of("s1", "20261130-050709"), Files.readSymbolicLink(root.resolve("latest")),
                "a run that has recorded nothing yet leaves latest where it was");
        second.linkLatest();
        assertTrue(Files.isSymbolicLink(root.resolve("latest")));
        assertEquals(Path.of("s1", "20261130-050709-2"), Files.readSymbolicLink(root.resolve("latest")),
                "a relative link, so the results folder can move");
    }

    @Test
    void latestMovesWhenTheHistoryHasItsFirstLine(@TempDir Path root) throws IOException {
        ResultsDir earlier = ResultsDir.create(root, "s1", AT);
        earlier.linkLatest();
        ResultsDir dir = ResultsDir.create(root, "s2", AT);
        try (HistoryLog log = new HistoryLog(dir.historyJsonl(), dir::linkLatest)) {
            assertEquals(earlier.dir().toRealPath(), root.resolve("latest").toRealPath(), "an empty history: not yet");
            log.appendLine(line(0, 100, OpType.INVOKE, 0));
            assertEquals(dir.dir().toRealPath(), root.resolve("latest").toRealPath(), "moved with the first line");
        }
    }

    @Test
    void theHistoryIsReadableWhileItGrowsAndMergedByTimeAtTheEnd(@TempDir Path root) {
        ResultsDir dir = ResultsDir.create(root, "s1", AT);
        HistoryLog log = new HistoryLog(dir.historyJsonl());
        // Two workers' streams arrive interleaved, each in its own order, each indexed from 0.
        log.appendLine(line(0, 300, OpType.INVOKE, 1));
        log.appendLine(line(0, 100, OpType.INVOKE, 0));
        log.appendLine(line(1, 200, OpType.OK, 0));
        assertEquals(3, HistoryFormats.read(dir.historyJsonl()).size(), "readable before the end");
        log.appendLine(line(1, 400, OpType.OK, 1));
        log.appendLine("   ");
        History merged = log.finish(dir.historyEdn());
        assertEquals(List.of(100L, 200L, 300L, 400L), merged.ops().stream().map(Op::time).toList());
        assertEquals(merged.ops(), HistoryFormats.read(dir.historyJsonl()).ops());
        assertEquals(merged.size(), HistoryFormats.read(dir.historyEdn()).size());
        assertEquals(2, merged.operations().size());
        log.appendLine(line(2, 500, OpType.INVOKE, 0));
        assertNotEquals(5, HistoryFormats.read(dir.historyJsonl()).size(), "nothing is appended after the end");
    }

    private static String line(int index, long time, OpType type, int process) {
        return JsonLinesHistoryWriter.toJson(new Op(index, time, type, new Process.Client(process), "acquire",
                Value.map("lock", "job-0")));
    }
}
