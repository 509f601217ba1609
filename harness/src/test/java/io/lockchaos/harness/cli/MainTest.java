package io.lockchaos.harness.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A command that throws ends in one line on stderr and exit 3, never a stack trace; a command
 * line builds only the subcommand it names.
 */
class MainTest {

    @TempDir
    Path elsewhere;

    @AfterEach
    void forgetHome() {
        System.clearProperty("lockchaos.home");
    }

    @Test
    void outsideTheCheckoutListSaysWhatIsWrongInOneLine() {
        System.setProperty("lockchaos.home", elsewhere.toString());
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setErr(new PrintWriter(err));
        cli.setOut(new PrintWriter(new StringWriter()));

        assertEquals(Main.EXIT_USAGE, cli.execute("list"));

        String text = err.toString();
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.startsWith("lockchaos: lockchaos.home / LOCKCHAOS_HOME is " + elsewhere), text);
        assertTrue(text.contains("point it at the lockchaos checkout"), text);
        assertFalse(text.contains("Exception"), text);
    }

    @Test
    void everySubcommandIsListedUnderItsOwnName() {
        CommandLine all = Main.commandLine();
        assertEquals(Main.SUBCOMMANDS.keySet(), all.getSubcommands().keySet());
        Main.SUBCOMMANDS.forEach((name, type) ->
                assertEquals(name, type.getAnnotation(CommandLine.Command.class).name(), type.getName()));
    }

    /**
     * A help text picocli cannot format (a lone {@code %}: it is a format string) is printed raw,
     * {@code %n} and all, after a warning on stderr.
     */
    @Test
    void everySubcommandsHelpFormatsWithoutAWarning() {
        java.io.PrintStream before = System.err;
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            Main.commandLine().getSubcommands().forEach((name, sub) ->
                    assertFalse(sub.getUsageMessage().contains("%n"), name + "'s help has a raw %n"));
        } finally {
            System.setErr(before);
        }
        assertEquals("", warnings.toString(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void aNamedSubcommandIsTheOnlyOneBuilt() {
        assertEquals(Set.of("check"),
                Main.commandLine(new String[] {"check", "--model", "register", "h.edn"}).getSubcommands().keySet());
        assertEquals(Main.SUBCOMMANDS.keySet(), Main.commandLine(new String[] {"help", "check"}).getSubcommands().keySet());
        assertEquals(Main.SUBCOMMANDS.keySet(), Main.commandLine(new String[] {"chek"}).getSubcommands().keySet());
    }
}
