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

/** {@code lockchaos run} on a scenario whose lock class cannot be used: exit 3 before any container starts. */
class ByoRunCommandTest {

    private final StringWriter err = new StringWriter();

    private int run(Path scenario) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(new StringWriter()));
        cli.setErr(new PrintWriter(err));
        return cli.execute("run", scenario.toString());
    }

    private static String example() throws IOException {
        return Files.readString(ProjectRoot.find().resolve("examples/byo-lock/byo-watchdog-no-fault.json"));
    }

    @Test
    void aClasspathThatIsNotThereIsBadUsageNamingTheFileAndField(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("mine.json");
        Files.writeString(file, example());
        assertEquals(Main.EXIT_USAGE, run(file));
        assertTrue(err.toString().contains("lockchaos: " + file + ": field 'lock.classpath' is 'classes' ("
                + dir.resolve("classes") + ", which is neither a jar nor a directory)"), err.toString());
    }

    @Test
    void aClassThatIsNotThereIsBadUsageNamingTheFileAndField(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("classes"));
        Path file = dir.resolve("mine.json");
        Files.writeString(file, example());
        assertEquals(Main.EXIT_USAGE, run(file));
        assertTrue(err.toString().contains(file + ": field 'lock.backend': lock class com.example.WatchdogRedisLock"
                + " not found on lock.classpath [" + dir.resolve("classes") + "]"), err.toString());
    }
}
