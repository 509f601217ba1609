package io.lockchaos.bench;

import io.lockchaos.harness.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;

/** What one in-process {@code lockchaos} command of the bench jar gave: its exit code and what it printed. */
record CliOutcome(int exit, String out, String err) {

    /** Runs {@code args} through the command line {@link BenchMain} runs, capturing both streams. */
    static CliOutcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        var cli = Main.commandLine(BenchMain.BENCH, args);
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute(args);
        return new CliOutcome(exit, out.toString(), err.toString());
    }
}
