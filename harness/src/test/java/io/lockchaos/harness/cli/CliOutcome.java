package io.lockchaos.harness.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** What one in-process {@code lockchaos} command gave: its exit code and what it printed. */
record CliOutcome(int exit, String out, String err) {

    /** Runs {@code args} through {@link Main#commandLine()}, capturing both streams. */
    static CliOutcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cli = Main.commandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute(args);
        return new CliOutcome(exit, out.toString(), err.toString());
    }
}
