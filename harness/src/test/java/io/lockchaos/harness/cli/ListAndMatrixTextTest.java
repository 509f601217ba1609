package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The text of {@code list}, {@code matrix}'s progress, {@code -V}, the help's exit codes and {@code shrink}'s refusal. */
class ListAndMatrixTextTest {

    @TempDir
    Path dir;

    @Test
    void listWrapsEachDescriptionToTheWidthUnderItsStart() {
        List<String> lines = ListCommand.lines("redis-naive-pause", "A holder paused longer than the TTL while"
                + " another takes the lock: the unfenced ledger loses an update and the fenced one refuses it.", 60);
        assertTrue(lines.size() > 1, lines.toString());
        lines.forEach(l -> assertTrue(l.length() <= 60, l));
        assertTrue(lines.get(0).startsWith("redis-naive-pause            A holder"), lines.get(0));
        lines.subList(1, lines.size()).forEach(l -> assertTrue(l.startsWith(" ".repeat(29)) && l.charAt(29) != ' ', l));
        assertEquals(100, ListCommand.width(null));
        assertEquals(100, ListCommand.width("abc"));
        assertEquals(132, ListCommand.width("132"));
    }

    @Test
    void matrixEstimatesTheTimeLeftFromTheScenariosDurations() {
        long[] now = {0};
        Eta eta = new Eta(List.of(Duration.ofSeconds(30), Duration.ofSeconds(10)), 2, 1, () -> now[0]);
        Eta.Start first = eta.start(0);
        assertEquals("about 3 min 0 s left (a guess until a run has ended)", first.left()); // 2*(30+25) + 2*(10+25)
        now[0] += Duration.ofSeconds(50).toNanos();
        eta.ran(0, first.token()); // 20 s beyond its 30
        assertEquals("about 1 min 50 s left", eta.start(0).left()); // (30+20) + 2*(10+20)
    }

    @Test
    void sideBySideTheEstimateCountsTheRunsNotStartedAtThePaceSoFar() {
        long[] now = {0};
        long s = Duration.ofSeconds(1).toNanos();
        Eta eta = new Eta(List.of(Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ofSeconds(20)), 1, 2,
                () -> now[0]);
        Eta.Start a = eta.start(2); // the longest first: any order
        assertEquals("about 1 min 8 s left (a guess until a run has ended)", a.left()); // (55+35+45) / 2 slots
        now[0] += 10 * s;
        Eta.Start b = eta.start(0);
        now[0] += 40 * s;
        eta.ran(2, a.token()); // 50 s: 30 s beyond its 20
        // 50 s of wall so far held 50 + 40 s of runs: pace 0.56; left the 10 s scenario: (10 + 30) * 0.56
        assertEquals("about 22 s left", eta.start(1).left());
        eta.ran(0, b.token());
    }

    @Test
    void helpListsTheExitCodesAndVersionNamesTheCommit() {
        for (String command : List.of("run", "matrix", "replay", "fault")) {
            CliOutcome help = CliOutcome.run(command, "--help");
            assertTrue(help.out().contains("Exit codes") && help.out().contains("  3"), command + ":\n" + help.out());
        }
        CliOutcome version = CliOutcome.run("-V");
        assertTrue(version.out().matches("(?s)lockchaos \\S+ \\((commit \\S+|unknown commit)\\)\\s*"), version.out());
    }

    @Test
    void shrinkOnAFolderWithoutARunSaysSo() throws Exception {
        Files.writeString(dir.resolve("notes.txt"), "x");
        CliOutcome shrink = CliOutcome.run("shrink", dir.toString());
        assertEquals(3, shrink.exit(), shrink.err());
        assertTrue(shrink.err().contains("not a results folder: " + dir), shrink.err());
    }
}
