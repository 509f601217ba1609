package io.lockchaos.harness.explore;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lockchaos.checker.Validity;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.harness.run.ScenarioFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a shrink writes: {@code shrunk.json}, a scenario file that {@code lockchaos run} reads, with
 * the kept schedule and an {@code expect} of every check invalid in each failing run of the last
 * candidate; and {@code shrink.md}, each candidate tried and its result.
 *
 * @param source the results folder shrunk
 * @param check the check whose invalid verdict was kept
 * @param tries runs per candidate at most
 * @param minFails failing runs that make a candidate fail
 * @param result the shrink's result
 */
public record ShrinkReport(Path source, String check, int tries, int minFails, Shrinker.Result result) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Runs over every candidate. */
    public int runs() {
        return result.steps().stream().mapToInt(s -> s.trials().size()).sum();
    }

    /** Wall time over every run, in seconds. */
    public double seconds() {
        return result.steps().stream().flatMap(s -> s.trials().stream()).mapToDouble(Trial::wallSeconds).sum();
    }

    /** The checks invalid in every failing run of the last candidate: the {@code expect} of shrunk.json. */
    public Map<String, Validity> expect() {
        List<Trial> failing = result.last().trials().stream()
                .filter(t -> t.carriedOut() && t.verdict(check) == Validity.INVALID).toList();
        Map<String, Validity> expect = new LinkedHashMap<>();
        result.scenario().checkNames().forEach(name -> {
            if (!failing.isEmpty() && failing.stream().allMatch(t -> t.verdict(name) == Validity.INVALID)) {
                expect.put(name, Validity.INVALID);
            }
        });
        return expect;
    }

    /** shrunk.json: the smallest failing scenario, named {@code <scenario>-shrunk}. */
    public String scenarioJson() {
        Scenario s = result.scenario();
        ObjectNode root;
        try {
            root = (ObjectNode) JSON.readTree(ScenarioFile.toJson(s.withoutExpectations(), null));
        } catch (IOException e) {
            throw new ExploreException("a scenario did not read back as JSON (" + e.getMessage() + ")", e);
        }
        root.put("name", s.name().endsWith("-shrunk") ? s.name() : s.name() + "-shrunk");
        root.put("description", "shrunk by 'lockchaos shrink' from " + source + ": " + check + " invalid in "
                + failed(result.last()) + " of " + result.last().trials().size() + " runs");
        ObjectNode expect = root.putObject("expect");
        expect().forEach((name, v) -> expect.put(name, v.word()));
        return root.toPrettyString() + "\n";
    }

    /** shrink.md: what was kept, then each candidate tried. */
    public String markdown() {
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "Shrink of `%s`: keeping `%s` invalid; a candidate runs up to %d times and"
                + " fails when %d runs fail.%n%n", source, check, tries, minFails));
        md.append(String.format(Locale.ROOT, "%d candidates, %d runs, %.0f s of runs.%n%n", result.steps().size(), runs(),
                seconds()));
        if (!result.reproduced()) {
            md.append("The run as recorded did not fail again: nothing was shrunk.\n\n");
        } else if (result.scenario().schedule().isEmpty()) {
            md.append("The failure shows with no faults at all: it is not the schedule's doing but the scenario's own"
                    + " timing (or the machine's load) under ").append(result.scenario().workers())
                    .append(" workers per lane and ").append(result.scenario().duration().toMillis())
                    .append(" ms of workload.\n\n");
        } else {
            md.append("Kept: ").append(result.scenario().workers()).append(" workers per lane, ")
                    .append(result.scenario().duration().toMillis()).append(" ms of workload, schedule:\n\n```\n")
                    .append(result.scenario().schedule().text().strip()).append("\n```\n\n");
        }
        md.append("| # | candidate | runs | failing | result |\n| --- | --- | --- | --- | --- |\n");
        int n = 1;
        for (ShrinkStep step : result.steps()) {
            md.append(String.format(Locale.ROOT, "| %d | %s | %d | %d | %s |%n", n++, step.what().replace("|", "\\|"),
                    step.trials().size(), failed(step), step.failing() ? "fails: kept" : "passes: dropped"));
        }
        return md.toString();
    }

    private int failed(ShrinkStep step) {
        return (int) step.trials().stream().filter(t -> t.carriedOut() && t.verdict(check) == Validity.INVALID).count();
    }

    /** Writes shrunk.json and shrink.md into {@code dir}. */
    public void write(Path dir) {
        new OutputFile(dir.resolve("shrunk.json")).write(scenarioJson());
        new OutputFile(dir.resolve("shrink.md")).write(markdown());
    }
}
