package io.lockchaos.harness.cli;

import io.lockchaos.history.LockchaosException;
import io.lockchaos.harness.cluster.EngineWatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code lockchaos} command line. Each subcommand lives in its own class and is listed
 * here. Exit codes: 0 valid, 1 invalid, 2 unknown, 3 unreadable input or bad usage.
 */
@Command(name = "lockchaos",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Proves or disproves the safety of distributed locks on real clusters.",
        subcommands = {CheckCommand.class, BenchCommand.class, ClusterCommand.class, FaultCommand.class,
            RunCommand.class, MatrixCommand.class, ExploreCommand.class, ShrinkCommand.class, ListCommand.class, ReplayCommand.class, ReportCommand.class,
            IndexCommand.class,
            CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    /** Exit code for unreadable input or bad usage. */
    public static final int EXIT_USAGE = 3;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        int code = execute(args);
        if (code == 0 && ClusterCommand.startedDetachedCluster(args) || EngineWatch.anyLost()) {
            // With Ryuk off, Testcontainers removes every container it started from a JVM
            // shutdown hook; a cluster that 'cluster up' left running must survive this JVM, and
            // an engine that stopped answering would make that hook fail or wait for ever.
            System.out.flush();
            System.err.flush();
            Runtime.getRuntime().halt(code);
        }
        System.exit(code);
    }

    /** Runs the command line and returns its exit code (tests call this). */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Main());
        cli.setExitCodeExceptionMapper(e -> EXIT_USAGE);
        cli.setExecutionExceptionHandler(Main::failed);
        cli.setParameterExceptionHandler((ex, args) -> {
            ex.getCommandLine().getErr().println("lockchaos: " + ex.getMessage());
            ex.getCommandLine().getErr().println("Try '"
                    + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
            return EXIT_USAGE;
        });
        return cli;
    }

    /**
     * A command that threw: one line, never a stack trace. A {@link LockchaosException} says
     * what is wrong and what to do (no checkout found, an unreadable file); anything else is a
     * defect of lockchaos, named by its type and the place it was thrown.
     */
    private static int failed(Exception e, CommandLine cli, CommandLine.ParseResult parsed) {
        if (e instanceof LockchaosException known) {
            cli.getErr().println("lockchaos: " + known.getMessage());
        } else {
            StackTraceElement[] at = e.getStackTrace();
            cli.getErr().println("lockchaos: internal error, please report it: " + e
                    + (at.length > 0 ? " at " + at[0] : ""));
        }
        cli.getErr().flush();
        return EXIT_USAGE;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = Main.class.getPackage().getImplementationVersion();
            return new String[] {"lockchaos " + (version == null ? "(development build)" : version)};
        }
    }
}
