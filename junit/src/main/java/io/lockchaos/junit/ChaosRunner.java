package io.lockchaos.junit;

import io.lockchaos.cluster.EngineSetup;
import io.lockchaos.harness.run.Run;
import io.lockchaos.harness.run.RunException;
import io.lockchaos.harness.run.RunOutcome;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioBuilder;
import io.lockchaos.harness.run.ScenarioFile;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Runs scenarios for one test, as {@code lockchaos run} does (the same {@link Run}: a cluster
 * in containers, one worker container per worker, the fault schedule, the checks), and returns
 * what the run concluded. A {@link LockChaos} test takes it as a parameter.
 *
 * <p>A scenario built without a name is named after the test ({@code MyLockChaosIT.pausedHolder});
 * a lock class of one's own ({@code lock(MyLock.class)}) without a {@code classpath} gets the
 * test's classpath, less what the workers' {@code lockchaos.jar} holds, so the classes
 * reach the worker containers without naming a folder. Each run's results go to
 * {@code target/lockchaos/<scenario>/<stamp>/} ({@code report.html}, {@code results.json},
 * the histories, every log); they are written before any assertion runs, so a failed test has them.
 * A finished run prints its verdicts, expectations and unsafe windows, passed or not.
 */
public final class ChaosRunner {

    private final String test;
    private final Path resultsRoot;
    private final TestClasspath classpath;

    ChaosRunner(String test, Path resultsRoot, TestClasspath classpath) {
        this.test = Objects.requireNonNull(test);
        this.resultsRoot = Objects.requireNonNull(resultsRoot);
        this.classpath = Objects.requireNonNull(classpath);
    }

    /**
     * Runs the scenario {@code scenario} describes, named after the test unless it has a name.
     *
     * @throws io.lockchaos.harness.run.ScenarioException when the scenario cannot be run as it
     *     is (a bad field, a lock class that breaks the contract), naming the field
     * @throws RunException when the run could not be carried out (no verdict), naming where
     *     what it recorded is
     */
    public RunOutcome run(ScenarioBuilder scenario) {
        return run(scenario.nameIfUnset(test).classpathIfUnset(classpath::userEntries).build());
    }

    /** Runs a scenario file (the JSON the {@code lockchaos run} command reads). */
    public RunOutcome run(Path scenarioFile) {
        return run(ScenarioFile.read(scenarioFile));
    }

    /** Runs {@code scenario} as it is. */
    public RunOutcome run(Scenario scenario) {
        EngineSetup.ensure();
        Run run = Run.create(scenario, resultsRoot, line -> System.out.println(prefixed(scenario.name(), line)));
        try (run) {
            RunOutcome outcome = run.execute();
            System.out.print(printed(outcome));
            System.out.flush();
            return outcome;
        } catch (RunException e) {
            throw new RunException(e.getMessage() + "; what the run recorded is in " + run.results().dir(), e);
        }
    }

    /**
     * What a finished run prints, passed or not, as {@code lockchaos run} prints it: each check's
     * verdict with its summary, each expectation against what came out, the unsafe windows, and
     * whether every expectation was reached; each line prefixed with the scenario's name.
     */
    static String printed(RunOutcome outcome) {
        String name = outcome.scenario().name();
        StringBuilder out = new StringBuilder();
        outcome.toText().lines().forEach(line -> out.append(prefixed(name, line)).append(System.lineSeparator()));
        for (String line : new String[] {outcome.unsafeWindowsLine(), outcome.verdictLine(), "results: " + outcome.dir()}) {
            out.append(prefixed(name, line)).append(System.lineSeparator());
        }
        return out.toString();
    }

    private static String prefixed(String scenario, String line) {
        return "[lockchaos " + scenario + "] " + line;
    }

    /** The folder runs write their results under. */
    public Path resultsRoot() {
        return resultsRoot;
    }
}
