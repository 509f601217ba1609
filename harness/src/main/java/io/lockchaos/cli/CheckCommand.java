package io.lockchaos.cli;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.LockchaosException;
import io.lockchaos.checker.history.History;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.checker.knossos.KnossosChecker;
import io.lockchaos.checker.linear.LinearizabilityChecker;
import io.lockchaos.checker.lock.LockChecks;
import io.lockchaos.checker.model.Models;
import io.lockchaos.checker.report.CheckReport;
import io.lockchaos.checker.report.FileReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code lockchaos check}: decide recorded histories, from lockchaos or from Jepsen. */
@Command(name = "check",
        mixinStandardHelpOptions = true,
        description = {
            "Checks recorded histories and prints a verdict per check.",
            "Formats (chosen by content, then extension): Jepsen history.edn (one op map a line, "
                    + "or one vector), JSON lines, and Jepsen's log text (INFO  jepsen.util - 3\t:invoke\t:cas\t[1 4]).",
            "A :fail operation did not take effect and constrains nothing (Jepsen's and Knossos's reading); "
                    + "cas-register-strict reads a failed cas as a compare that did not match (Porcupine's etcd tests).",
            "Exit codes: 0 valid, 1 invalid, 2 unknown, 3 unreadable input or bad usage."
        },
        sortOptions = false)
final class CheckCommand implements Callable<Integer> {

    @Spec
    private picocli.CommandLine.Model.CommandSpec spec;

    /** What to check the histories against: a model, or the lock workload's checks. */
    static final class Target {
        @Option(names = "--model", paramLabel = "NAME",
                description = "Check linearizability against this model: ${COMPLETION-CANDIDATES}.",
                completionCandidates = ModelNames.class)
        String model;

        @Option(names = "--workload", paramLabel = "lock",
                description = "Run the lock workload's checks (mutex, holds, tokens, ledger).")
        String workload;
    }

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    private Target target = new Target();

    @Option(names = "--initial", paramLabel = "EDN",
            description = "The model's initial value, as EDN (register, cas-register: 0; multi-register: "
                    + "'{:x 0 :y 0}'); default nil, the absent register.")
    private String initial;

    @Option(names = "--json", description = "Print one JSON document instead of the summary.")
    private boolean json;

    @Option(names = "--time-limit", paramLabel = "S", defaultValue = "60",
            description = "Seconds a search may take before it answers unknown (default: ${DEFAULT-VALUE}).")
    private double timeLimitSeconds;

    @Option(names = "--max-configs", paramLabel = "N", defaultValue = "" + CheckOptions.DEFAULT_MAX_CONFIGS,
            description = "Configurations a linearizability search may remember (its memory bound) before it"
                    + " answers unknown (default: ${DEFAULT-VALUE}).")
    private long maxConfigs;

    @Option(names = "--knossos",
            description = "Also run the history through Knossos (needs a build with -Pknossos).")
    private boolean knossos;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "History files.")
    private List<Path> files;

    @Override
    public Integer call() {
        CheckOptions options;
        try {
            options = CheckOptions.defaults().withTimeLimit(Duration.ofMillis(Math.round(timeLimitSeconds * 1000)));
        } catch (IllegalArgumentException e) {
            return usage("--time-limit must be a positive number of seconds, got " + timeLimitSeconds);
        }
        if (maxConfigs <= 0) {
            return usage("--max-configs must be a positive number, got " + maxConfigs);
        }
        options = options.withMaxConfigs(maxConfigs);
        if (target.workload != null && !target.workload.equals("lock")) {
            return usage("--workload takes 'lock', got '" + target.workload + "'");
        }
        List<FileReport> reports = new ArrayList<>();
        for (Path file : files) {
            if (!Files.isReadable(file)) {
                return usage(file + ": no such readable file");
            }
            try {
                History history = HistoryFormats.read(file);
                reports.add(FileReport.of(file.toString(), history, checkers(history), options));
            } catch (LockchaosException e) {
                return usage(e.getMessage());
            }
        }
        CheckReport report = new CheckReport(reports);
        if (json) {
            spec.commandLine().getOut().println(report.toJson());
        } else {
            spec.commandLine().getOut().print(report.toText());
        }
        spec.commandLine().getOut().flush();
        return report.valid().exitCode();
    }

    private List<Checker> checks(History history) {
        if (target.model != null) {
            io.lockchaos.checker.model.Model<?, ?> model = Models.byName(target.model);
            if (initial != null) {
                model = model.startingAt(HistoryFormats.readValue("--initial", initial));
            }
            return List.of(new LinearizabilityChecker(model));
        }
        if (target.workload != null || looksLikeLockWorkload(history)) {
            return new LockChecks().checks();
        }
        throw new LockchaosException(history.source() + ": say what to check it against: --model NAME ("
                + String.join(", ", Models.names()) + ") or --workload lock");
    }

    private List<Checker> checkers(History history) {
        List<Checker> checkers = new ArrayList<>(checks(history));
        if (knossos) {
            String model = target.model == null ? "mutex" : target.model;
            if (!KnossosChecker.supportedModels().contains(model)) {
                throw new LockchaosException("--knossos: Knossos has no model equivalent to '" + model
                        + "'; it can cross-check " + String.join(", ", KnossosChecker.supportedModels()));
            }
            checkers.add(new KnossosChecker(model));
        }
        return checkers;
    }

    private static boolean looksLikeLockWorkload(History history) {
        return history.operations().stream().anyMatch(op -> op.f().equals("acquire"));
    }

    private int usage(String message) {
        spec.commandLine().getErr().println("lockchaos check: " + message);
        return Main.EXIT_USAGE;
    }

    /** The model names, for --help. */
    static final class ModelNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Models.names().iterator();
        }
    }
}
