package io.lockchaos.harness.cli;

import io.lockchaos.cluster.ProjectRoot;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioException;
import io.lockchaos.harness.run.ScenarioFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The scenarios shipped in the checkout's {@code scenarios/} folder, found by name or path. */
final class Scenarios {

    /** What {@code lockchaos run} runs without a scenario. */
    static final String DEFAULT = "redis-naive-pause";

    private Scenarios() {
    }

    static Path folder() {
        return ProjectRoot.find().resolve("scenarios");
    }

    /** Every shipped scenario file, by name. */
    static List<Path> shipped() {
        try (Stream<Path> files = Files.list(folder())) {
            return files.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder(), e);
        }
    }

    /** The scenario {@code nameOrPath}: a file, or the name of a shipped one. */
    static Scenario find(String nameOrPath) {
        return ScenarioFile.read(file(nameOrPath));
    }

    /** The file of scenario {@code nameOrPath}: that file, or the shipped one of that name. */
    static Path file(String nameOrPath) {
        Path file = Path.of(nameOrPath);
        if (Files.isRegularFile(file)) {
            return file;
        }
        Path named = folder().resolve(nameOrPath.endsWith(".json") ? nameOrPath : nameOrPath + ".json");
        if (Files.isRegularFile(named)) {
            return named;
        }
        throw new ScenarioException("no scenario '" + nameOrPath + "': neither a file nor one of the shipped "
                + shipped().stream().map(p -> p.getFileName().toString().replaceFirst("\\.json$", "")).toList()
                + " (see 'lockchaos list')");
    }
}
