package io.lockchaos.junit;

import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Evidence;
import io.lockchaos.checker.Validity;
import io.lockchaos.harness.run.RunOutcome;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.opentest4j.AssertionFailedError;

/** Assertions on one check of a run; {@link OutcomeAssert#check} makes one. */
public final class CheckAssert {

    private final RunOutcome outcome;
    private final CheckResult result;

    CheckAssert(RunOutcome outcome, CheckResult result) {
        this.outcome = outcome;
        this.result = result;
    }

    /** Asserts the check found nothing wrong. */
    public CheckAssert isValid() {
        return is(Validity.VALID);
    }

    /** Asserts the check found an anomaly (the lock, the tokens or a ledger broke). */
    public CheckAssert isInvalid() {
        return is(Validity.INVALID);
    }

    /** Asserts the check could not decide. */
    public CheckAssert isUnknown() {
        return is(Validity.UNKNOWN);
    }

    /**
     * Asserts the check reached {@code expected}.
     *
     * @throws AssertionFailedError with the check, its summary and evidence, the report and the replay command
     */
    public CheckAssert is(Validity expected) {
        if (result.valid() != expected) {
            throw new AssertionFailedError(describe(outcome, result, result.check(), expected, result.valid())
                    + where(outcome), expected.word(), result.valid().word());
        }
        return this;
    }

    /** The check's verdict as the run reached it. */
    public Validity verdict() {
        return result.valid();
    }

    /** The lines naming {@code name}, what was expected and got, its summary and first evidence sentence. */
    /** The CLI's main class (harness/target/lockchaos.jar's Main-Class). */
    static final String CLI_MAIN = "io.lockchaos.harness.cli.Main";

    static String describe(RunOutcome outcome, CheckResult r, String name, Validity expected, Validity got) {
        StringBuilder out = new StringBuilder("check '" + name + "' of run " + outcome.scenario().name() + ": expected "
                + expected.word() + " but was " + got.word() + "\n");
        if (r != null) {
            out.append("  summary:  ").append(r.summary()).append('\n');
            r.evidence().stream().findFirst().map(Evidence::explanation).ifPresent(e -> out.append("  evidence: ")
                    .append(e).append(r.evidence().size() > 1 ? " (and " + (r.evidence().size() - 1) + " more)" : "")
                    .append('\n'));
        }
        return out.toString();
    }

    /**
     * Where the run's page is and how to run it again, as a line that runs from a project's own
     * folder (the replay writes next to the run): the launcher of the checkout these artifacts
     * use, by its absolute path; in a home extracted from the artifacts, which has no launcher,
     * {@code java} with this JVM's classpath (opened up, Failsafe's booter jar is temporary) and
     * the CLI's main class.
     */
    static String where(RunOutcome outcome) {
        return "  report:   " + outcome.dir().toAbsolutePath().resolve("report.html") + "\n"
                + "  replay:   " + replayCommand(ProjectRoot.find().toAbsolutePath(), TestClasspath.ofThisJvm())
                + " replay " + outcome.dir().toAbsolutePath();
    }

    static String replayCommand(Path home, TestClasspath classpath) {
        Path launcher = home.resolve("lockchaos");
        if (Files.isRegularFile(launcher)) {
            return launcher.toString();
        }
        return "java -cp " + classpath.expanded().stream().filter(Files::exists).map(Path::toString)
                .collect(Collectors.joining(File.pathSeparator)) + " " + CLI_MAIN;
    }
}
