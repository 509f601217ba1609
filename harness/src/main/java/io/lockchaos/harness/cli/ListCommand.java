package io.lockchaos.harness.cli;

import io.lockchaos.history.LockchaosException;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code lockchaos list}: the shipped scenarios, one line each. Exit 3 when one does not read. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List the shipped scenarios.")
public final class ListCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        int code = 0;
        for (Path file : Scenarios.shipped()) {
            try {
                Scenario s = ScenarioFile.read(file);
                out.printf("%-28s %s%n", s.name(), s.description());
            } catch (LockchaosException e) {
                spec.commandLine().getErr().println("lockchaos: " + e.getMessage());
                code = Main.EXIT_USAGE;
            }
        }
        out.flush();
        return code;
    }
}
