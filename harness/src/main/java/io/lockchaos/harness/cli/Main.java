package io.lockchaos.harness.cli;

import io.lockchaos.history.LockchaosException;
import io.lockchaos.cluster.EngineWatch;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code lockchaos} command line. Each subcommand lives in its own class and is listed
 * in {@link #SUBCOMMANDS}. Exit codes: 0 valid, 1 invalid, 2 unknown, 3 unreadable input or
 * bad usage.
 */
@Command(name = "lockchaos",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Proves or disproves the safety of distributed locks on real clusters.",
        footer = {"", "The checker's benchmarks are a jar of their own (bench/target/lockchaos-bench.jar): "
                + "./lockchaos bench --help."})
public final class Main implements Runnable {

    /** Exit code for unreadable input or bad usage. */
    public static final int EXIT_USAGE = 3;

    /**
     * The subcommands by name, in the order the usage lists them. A command line whose first
     * word names one of them builds only that one: picocli reads every option of every
     * subcommand it is given (and their static fields load Jackson and the harness), which
     * took more than half of a tiny {@code check}'s start-up.
     */
    static final Map<String, Class<?>> SUBCOMMANDS = subcommands();

    private static Map<String, Class<?>> subcommands() {
        Map<String, Class<?>> all = new LinkedHashMap<>();
        all.put("check", CheckCommand.class);
        all.put("cluster", ClusterCommand.class);
        all.put("fault", FaultCommand.class);
        all.put("run", RunCommand.class);
        all.put("matrix", MatrixCommand.class);
        all.put("explore", ExploreCommand.class);
        all.put("shrink", ShrinkCommand.class);
        all.put("list", ListCommand.class);
        all.put("replay", ReplayCommand.class);
        all.put("report", ReportCommand.class);
        all.put("index", IndexCommand.class);
        all.put("help", CommandLine.HelpCommand.class);
        return all;
    }

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        // A run closed by Ctrl-C or SIGTERM is closed whole before the JVM exits, with the signal's code.
        int code = io.lockchaos.harness.run.ExitSignals.exitCode(execute(args));
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
        return commandLine(args).execute(args);
    }

    /**
     * Runs the command line with {@code more} subcommands beside {@link #SUBCOMMANDS} (the bench
     * jar's {@code bench}: the production jar holds no benchmark) and returns its exit code.
     */
    public static int execute(Map<String, Class<?>> more, String... args) {
        return commandLine(more, args).execute(args);
    }

    /** The whole command line, every subcommand built (for usage and tests). */
    static CommandLine commandLine() {
        return commandLine(new String[0]);
    }

    /**
     * The command line for {@code args}: only the subcommand its first word names, or all of
     * them when it names none (usage, {@code help}, {@code --version}, a mistyped name).
     */
    static CommandLine commandLine(String[] args) {
        return commandLine(Map.of(), args);
    }

    /** The command line for {@code args} as {@link #commandLine(String[])} builds it, {@code more} listed before help. */
    public static CommandLine commandLine(Map<String, Class<?>> more, String[] args) {
        Map<String, Class<?>> all = new LinkedHashMap<>(SUBCOMMANDS);
        Class<?> help = all.remove("help");
        all.putAll(more);
        all.put("help", help);
        CommandLine cli = new CommandLine(new Main());
        Class<?> named = args.length > 0 && !args[0].equals("help") ? all.get(args[0]) : null;
        if (named != null) {
            cli.addSubcommand(named);
        } else {
            all.values().forEach(cli::addSubcommand);
        }
        cli.setExitCodeExceptionMapper(e -> EXIT_USAGE);
        cli.setExecutionExceptionHandler(Main::failed);
        cli.setParameterExceptionHandler((ex, given) -> {
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
            return new String[] {"lockchaos " + io.lockchaos.harness.run.BuildInfo.current().line()};
        }
    }
}
