package io.lockchaos.harness.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/**
 * One run's folder, {@code results/<scenario>/<yyyyMMdd-HHmmss>/}, and what goes in it:
 * {@code scenario.json}, {@code history.jsonl} (appended while the run goes), {@code history.edn},
 * {@code results.json} and {@code report.html} (at the end), {@code logs/} (one file per
 * worker and node) and {@code workers/} (each worker's config, as given to it).
 * {@code results/latest} points at it once its history holds an operation ({@link #linkLatest()}):
 * a run that fails before it recorded anything leaves {@code latest} where it was.
 */
public record ResultsDir(Path dir) {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    /**
     * Creates the folder for a run of {@code scenario} started at {@code now} under {@code root}
     * ({@code results/}); a second run in the same second gets {@code -2}, {@code -3}, ....
     */
    public static ResultsDir create(Path root, String scenario, LocalDateTime now) {
        Path parent = root.resolve(scenario);
        String stamp = STAMP.format(now);
        try {
            Files.createDirectories(parent);
            Path dir = parent.resolve(stamp);
            for (int n = 2; Files.exists(dir); n++) {
                dir = parent.resolve(stamp + "-" + n);
            }
            Files.createDirectories(dir.resolve("logs"));
            return new ResultsDir(dir);
        } catch (IOException e) {
            throw new RunException("cannot create the results folder under " + parent + " (" + e + "); "
                    + "check that it is writable", e);
        }
    }

    /**
     * Points {@code results/latest} (beside the scenario's folder) at this folder, by a relative
     * link moved into place in one step, so {@code latest} is never missing meanwhile.
     */
    public void linkLatest() {
        Path root = dir.getParent().getParent();
        Path latest = root.resolve("latest");
        Path fresh = root.resolve(".latest-" + ProcessHandle.current().pid());
        try {
            Files.deleteIfExists(fresh);
            Files.createSymbolicLink(fresh, root.relativize(dir));
            Files.move(fresh, latest, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new RunException("cannot point " + latest + " at " + dir + " (" + e + ")", e);
        }
    }

    public Path scenarioJson() {
        return dir.resolve("scenario.json");
    }

    public Path historyJsonl() {
        return dir.resolve("history.jsonl");
    }

    public Path historyEdn() {
        return dir.resolve("history.edn");
    }

    public Path resultsJson() {
        return dir.resolve("results.json");
    }

    /** The run's page for people, written at the end (also of a failed run) and by {@code lockchaos report}. */
    public Path reportHtml() {
        return dir.resolve("report.html");
    }

    /** The log of worker or node {@code name}: {@code logs/<name>.log}. */
    public Path log(String name) {
        return dir.resolve("logs").resolve(name + ".log");
    }

    /** The folder of the workers' configs, {@code workers/}, bind-mounted into their containers. */
    public Path workerConfigs() {
        return dir.resolve("workers");
    }

    /** Writes {@code text} to {@code file} in this folder. */
    public void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new RunException("cannot write " + file + " (" + e + ")", e);
        }
    }
}
