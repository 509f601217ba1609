package io.lockchaos.harness.cli;

import io.lockchaos.history.LockchaosException;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code lockchaos list}: the shipped scenarios, each its name and its description wrapped to the
 * terminal ({@code COLUMNS}, else 100 columns). Exit 3 when one does not read.
 */
@Command(name = "list", mixinStandardHelpOptions = true, description = "List the shipped scenarios.")
public final class ListCommand implements Callable<Integer> {

    static final int DEFAULT_WIDTH = 100;
    /** The width of the name column. */
    private static final int NAME = 28;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        int code = 0;
        for (Path file : Scenarios.shipped()) {
            try {
                Scenario s = ScenarioFile.read(file);
                lines(s.name(), s.description(), width(System.getenv("COLUMNS"))).forEach(out::println);
            } catch (LockchaosException e) {
                spec.commandLine().getErr().println("lockchaos: " + e.getMessage());
                code = Main.EXIT_USAGE;
            }
        }
        out.flush();
        return code;
    }

    /** The width to wrap to: {@code COLUMNS} when it is a number of at least 40, else {@value #DEFAULT_WIDTH}. */
    static int width(String columns) {
        try {
            int w = columns == null ? DEFAULT_WIDTH : Integer.parseInt(columns.strip());
            return w >= 40 ? w : DEFAULT_WIDTH;
        } catch (NumberFormatException e) {
            return DEFAULT_WIDTH;
        }
    }

    /**
     * A scenario's lines: its name in a column of {@value #NAME}, its description after it, wrapped at
     * word boundaries to {@code width} with the continuation lines under the description's start. A
     * word longer than a line (a path) stands alone on its line.
     */
    static List<String> lines(String name, String description, int width) {
        String indent = " ".repeat(NAME + 1);
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(String.format("%-" + NAME + "s ", name));
        int empty = line.length();
        for (String word : description.strip().split("\\s+")) {
            if (line.length() > empty && line.length() + 1 + word.length() > width) {
                lines.add(line.toString().stripTrailing());
                line = new StringBuilder(indent);
                empty = line.length();
            }
            if (line.length() > empty) {
                line.append(' ');
            }
            line.append(word);
        }
        lines.add(line.toString().stripTrailing());
        return lines;
    }
}
