package io.lockchaos.harness.cli;

import io.lockchaos.history.LockchaosException;
import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.report.ResultsIndex;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lockchaos index [RESULTS]}: writes {@code index.html} listing every run under the
 * results folder (default: the checkout's {@code results/}), newest first. Every run writes it
 * too. Exit codes: 0 written, 3 not a results folder or not writable.
 */
@Command(name = "index", mixinStandardHelpOptions = true,
        description = {"Write results/index.html: every run, newest first, with its verdicts and a link to its report.",
            "Exit codes: 0 written, 3 not a results folder or not writable."})
public final class IndexCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "RESULTS", description = "the results folder (default: results/)")
    private Path folder;

    @Override
    public Integer call() {
        try {
            Path root = folder != null ? folder : ProjectRoot.find().resolve("results");
            int runs = ResultsIndex.write(root);
            spec.commandLine().getOut().println("index: " + root.resolve("index.html") + " (" + runs + " runs)");
            spec.commandLine().getOut().flush();
            return 0;
        } catch (LockchaosException e) {
            spec.commandLine().getErr().println("lockchaos index: " + e.getMessage());
            return Main.EXIT_USAGE;
        }
    }
}
