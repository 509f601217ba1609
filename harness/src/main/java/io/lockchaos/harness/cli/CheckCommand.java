package io.lockchaos.harness.cli;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.NothingToCheck;
import io.lockchaos.history.LockchaosException;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.checker.knossos.KnossosChecker;
import io.lockchaos.checker.linear.LinearizabilityChecker;
import io.lockchaos.checker.lock.LockChecks;
import io.lockchaos.checker.lock.TicksCheck;
import io.lockchaos.history.ops.Reentrancy;
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
            "Exit codes: 0 valid, 1 invalid, 2 unknown, 3 unreadable input or bad usage.",
            "With several files each gets its verdict or its error; the exit code is 1 when any file is invalid, "
                    + "else 3 when any could not be checked (unreadable, or no client operation that completed :ok or :fail:"
                    + " nothing to judge), else 2 when any is unknown, else 0.",
            "A JSON lines file whose last line is torn (a killed writer) is checked without that line, and its"
                    + " verdict is at best unknown (exit 2): what came after the cut is not known; invalid stays invalid."
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

    @Option(names = "--reentrant",
            description = "The lock checks of a reentrant lock (same-token, as Hazelcast's FencedLock): a holder's"
                    + " acquire of the lock it holds is a reentry, with the same token, not a second grant.")
    private boolean reentrant;

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

    @Option(names = "--timings",
            description = "Also print, on standard error, where the time went: JVM start-up, reading, each check, heap, GC.")
    private boolean timings;

    private CheckTimings marks;

    /** The file name that means standard input. */
    private static final String STDIN = "-";

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "History files; - reads standard input. A pipe,"
            + " /dev/stdin or a FIFO is read once (a FIFO that no writer opens within --time-limit is an error).")
    private List<Path> files;

    @Override
    public Integer call() {
        if (!(timeLimitSeconds > 0) || Double.isInfinite(timeLimitSeconds)) {
            return usage("--time-limit must be a positive number of seconds, got " + timeLimitSeconds);
        }
        if (maxConfigs <= 0) {
            return usage("--max-configs must be a positive number, got " + maxConfigs);
        }
        CheckOptions options = CheckOptions.defaults().withTimeLimit(
                Duration.ofNanos(Math.max(1, Math.round(timeLimitSeconds * 1e9)))).withMaxConfigs(maxConfigs);
        if (target.workload != null && !target.workload.equals("lock")) {
            return usage("--workload takes 'lock', got '" + target.workload + "'");
        }
        try {
            checkTargetNames();
        } catch (LockchaosException e) {
            return usage(e.getMessage());
        }
        marks = timings ? new CheckTimings(spec.commandLine().getErr()) : null;
        List<FileReport> reports = new ArrayList<>();
        boolean unreadable = false;
        for (Path file : files) {
            try {
                reports.add(checkFile(file, options));
            } catch (LockchaosException e) {
                spec.commandLine().getErr().println("lockchaos check: " + e.getMessage());
                unreadable = true;
            }
        }
        CheckReport report = new CheckReport(reports);
        if (json) {
            spec.commandLine().getOut().println(report.toJson());
        } else {
            spec.commandLine().getOut().print(report.toText());
        }
        spec.commandLine().getOut().flush();
        if (marks != null) {
            marks.done();
        }
        return exitCode(report, unreadable);
    }

    /**
     * With several files, the worst by the contract: invalid (1) when any readable file is
     * invalid, since a violation found stands whatever the other files hold; else bad input
     * (3) when any file could not be checked; else unknown (2) or valid (0).
     */
    private static int exitCode(CheckReport report, boolean unreadable) {
        if (report.files().stream().anyMatch(f -> f.valid() == Validity.INVALID)) {
            return Validity.INVALID.exitCode();
        }
        return unreadable ? Main.EXIT_USAGE : report.valid().exitCode();
    }

    /** Model names are checked before any file is read (reading may take a while). */
    private void checkTargetNames() {
        if (target.model != null) {
            Models.byName(target.model);
        }
        if (knossos) {
            knossosModel();
        }
    }

    private FileReport checkFile(Path file, CheckOptions options) {
        boolean stdin = file.toString().equals(STDIN);
        if (!stdin && !Files.isReadable(file)) {
            throw new LockchaosException(file + ": no such readable file");
        }
        long start = System.nanoTime();
        History history = stdin ? HistoryFormats.read("standard input", System.in)
                : HistoryFormats.read(file, options.timeLimit());
        if (marks != null) {
            marks.read(file.toString(), (System.nanoTime() - start) / 1e9, history);
        }
        for (String note : history.notes()) {
            spec.commandLine().getErr().println("lockchaos check: note: " + note);
        }
        FileReport report = FileReport.of(history.source(), history,
                marks == null ? checkers(history) : marks.timed(checkers(history)), options);
        if (marks != null) {
            marks.fileDone();
        }
        // After the checks, so that a value the model cannot use is named as such first.
        NothingToCheck.require(history);
        return report;
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
            List<Checker> checks = new ArrayList<>(LockChecks.of(reentrant ? Reentrancy.SAME_TOKEN : Reentrancy.NONE).checks());
            if (history.ops().stream().anyMatch(op -> op.f().equals(LockOps.ACQUIRE) && LockOps.tick(op.value()).isPresent())) {
                checks.add(new TicksCheck());
            }
            return checks;
        }
        throw new LockchaosException(history.source() + ": say what to check it against: --model NAME ("
                + String.join(", ", Models.names()) + ") or --workload lock");
    }

    private List<Checker> checkers(History history) {
        List<Checker> checkers = new ArrayList<>(checks(history));
        if (knossos) {
            checkers.add(new KnossosChecker(knossosModel()));
        }
        return checkers;
    }

    private String knossosModel() {
        String model = target.model == null ? "mutex" : target.model;
        if (!KnossosChecker.supportedModels().contains(model)) {
            throw new LockchaosException("--knossos: Knossos has no model equivalent to '" + model
                    + "'; it can cross-check " + String.join(", ", KnossosChecker.supportedModels()));
        }
        return model;
    }

    private static boolean looksLikeLockWorkload(History history) {
        return history.operations().stream().anyMatch(op -> op.f().equals(LockOps.ACQUIRE));
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
