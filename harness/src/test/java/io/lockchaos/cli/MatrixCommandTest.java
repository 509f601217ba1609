package io.lockchaos.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lockchaos.cluster.ProjectRoot;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code matrix} answers that need no Docker: bad input is exit 3 before any run starts. */
class MatrixCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int execute(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    @Test
    void zeroRunsIsBadUsage() {
        assertEquals(Main.EXIT_USAGE, execute("matrix", "--runs", "0"));
        assertTrue(err.toString().contains("--runs is 0"), err.toString());
    }

    @Test
    void anUnknownScenarioIsBadUsageBeforeAnyRun() {
        assertEquals(Main.EXIT_USAGE, execute("matrix", "redis-naive-pause", "no-such-scenario"));
        assertTrue(err.toString().contains("no scenario 'no-such-scenario'"), err.toString());
        assertTrue(!err.toString().contains("running redis-naive-pause"), "nothing ran: " + err);
    }

    @Test
    void aBadDesignRowIsBadUsageNamingTheFile(@TempDir Path dir) throws IOException {
        String shipped = Files.readString(ProjectRoot.find().resolve("scenarios").resolve("redis-naive-pause.json"));
        Path file = dir.resolve("row.json");
        Files.writeString(file, shipped.replace("\"designRow\": 2", "\"designRow\": 0"));
        assertEquals(Main.EXIT_USAGE, execute("matrix", file.toString()));
        assertTrue(err.toString().contains(file + ": field 'designRow' is 0"), err.toString());
    }
}
