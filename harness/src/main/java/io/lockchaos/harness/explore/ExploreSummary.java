package io.lockchaos.harness.explore;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lockchaos.checker.Validity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The table of an exploration: per fault kind present in a run (and over all runs), how many
 * runs had each check invalid, with a 95% Wilson interval on the rate; and the runs kept.
 *
 * @param setup what was explored: scenario, faults, interval, first seed, shard
 * @param checks the checks tabulated, in column order
 * @param runs every run, in order
 */
public record ExploreSummary(Setup setup, List<String> checks, List<ExploreRun> runs) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * What an exploration ran.
     *
     * @param scenario the scenario's name
     * @param schedule the random schedule line each run drew from
     * @param firstSeed the seed of run 0
     * @param runs how many runs over every shard
     * @param shard which shard this is
     * @param timing how the faults were timed: the lock's timescales drawn around, if any, and how
     * @param strategy how each run's schedule is picked: drawn, or mostly mutated from the closest runs
     * @param untilInvalid whether the exploration stops after its first run with a check invalid
     */
    public record Setup(String scenario, String schedule, long firstSeed, int runs, Shard shard, FaultTiming timing,
                        Strategy strategy, boolean untilInvalid) {

        /** Random runs, all of them. */
        public Setup(String scenario, String schedule, long firstSeed, int runs, Shard shard, FaultTiming timing) {
            this(scenario, schedule, firstSeed, runs, shard, timing, Strategy.RANDOM, false);
        }
    }

    public ExploreSummary {
        checks = List.copyOf(checks);
        runs = List.copyOf(runs);
    }

    /** The table's rows: "any" (every run), then each kind present in some run, in word order. */
    public List<String> rowNames() {
        Set<String> kinds = new java.util.TreeSet<>();
        runs.forEach(r -> kinds.addAll(r.kinds()));
        List<String> rows = new ArrayList<>(List.of("any"));
        rows.addAll(kinds);
        return rows;
    }

    /** The runs of a row: all for "any", else those whose schedule played that kind. */
    public List<ExploreRun> runsOf(String row) {
        return row.equals("any") ? runs : runs.stream().filter(r -> r.kinds().contains(row)).toList();
    }

    /** How many of {@code of} had {@code check} at {@code verdict}. */
    public static int count(List<ExploreRun> of, String check, Validity verdict) {
        return (int) of.stream().filter(r -> r.trial().carriedOut() && r.trial().verdict(check) == verdict).count();
    }

    /** Runs with some check invalid. */
    public int invalidRuns() {
        return (int) runs.stream().filter(r -> r.trial().overall() == Validity.INVALID).count();
    }

    /** Runs with no check invalid but some unknown, or no verdict at all. */
    public int unknownRuns() {
        return (int) runs.stream().filter(r -> r.trial().overall() == Validity.UNKNOWN).count();
    }

    /**
     * The unsafe windows over the runs: of the runs that measured them, how many had one, and
     * the median and worst of each such run's longest window.
     *
     * @param measuredRuns runs carried out whose windows were measured
     * @param runsWithWindow of those, the runs with at least one window
     * @param medianWorstMs the median over those runs of each one's worst window, in ms (0 without any)
     * @param worstMs the longest window of all, in ms (0 without any)
     */
    public record WindowSpread(int measuredRuns, int runsWithWindow, double medianWorstMs, double worstMs) {

        /** "7 of 20 runs had an unsafe window; per run the worst, median 3010 ms, at most 4800 ms". */
        public String sentence() {
            if (runsWithWindow == 0) {
                return "no run had an unsafe window (" + measuredRuns + " measured)";
            }
            return String.format(Locale.ROOT, "%d of %d runs had an unsafe window; each such run's worst: median %.0f ms,"
                    + " at most %.0f ms", runsWithWindow, measuredRuns, medianWorstMs, worstMs);
        }
    }

    /** The spread of the unsafe windows over the runs. */
    public WindowSpread windowSpread() {
        List<Double> measured = runs.stream().map(r -> r.trial().worstUnsafeWindowMs())
                .filter(java.util.OptionalDouble::isPresent).map(java.util.OptionalDouble::getAsDouble).toList();
        double[] worst = measured.stream().mapToDouble(Double::doubleValue).filter(ms -> ms > 0).sorted().toArray();
        double median = worst.length == 0 ? 0 : worst.length % 2 == 1 ? worst[worst.length / 2]
                : (worst[worst.length / 2 - 1] + worst[worst.length / 2]) / 2;
        return new WindowSpread(measured.size(), worst.length, median, worst.length == 0 ? 0 : worst[worst.length - 1]);
    }

    /**
     * How many runs it took to the first with a lock's mutual exclusion broken ({@code mutex*}
     * or {@code holds*} invalid, any lane): that run's place in this shard's order, from 1;
     * empty when none was.
     */
    public java.util.OptionalInt runsToFirstFailure() {
        for (int k = 0; k < runs.size(); k++) {
            boolean broken = runs.get(k).trial().verdicts().entrySet().stream().anyMatch(e -> e.getValue() == Validity.INVALID
                    && (e.getKey().startsWith("mutex") || e.getKey().startsWith("holds")));
            if (broken) {
                return java.util.OptionalInt.of(k + 1);
            }
        }
        return java.util.OptionalInt.empty();
    }

    /** 1 some run had a check invalid (a finding); else 2 some run unknown or not carried out; else 0. */
    public int exitCode() {
        return invalidRuns() > 0 ? 1 : unknownRuns() > 0 ? 2 : 0;
    }

    /** summary.json, run folders relative to {@code base}. */
    public String toJson(Path base) {
        ObjectNode root = JSON.createObjectNode();
        root.put("scenario", setup.scenario());
        root.put("schedule", setup.schedule());
        ObjectNode scales = root.putObject("timescalesMs");
        setup.timing().timescales().forEach(t -> scales.put(t.name(), t.length().toMillis()));
        root.put("drawing", setup.timing().drawing());
        root.put("strategy", setup.strategy().word());
        java.util.OptionalInt first = runsToFirstFailure();
        if (first.isPresent()) {
            root.put("runsToFirstFailure", first.getAsInt());
        } else {
            root.putNull("runsToFirstFailure");
        }
        root.put("firstSeed", setup.firstSeed());
        root.put("shard", setup.shard().toString());
        root.put("runs", runs.size());
        root.put("invalidRuns", invalidRuns());
        root.put("unknownRuns", unknownRuns());
        WindowSpread spread = windowSpread();
        root.putObject("unsafeWindows").put("measuredRuns", spread.measuredRuns())
                .put("runsWithWindow", spread.runsWithWindow()).put("medianWorstMs", round(spread.medianWorstMs()))
                .put("worstMs", round(spread.worstMs()));
        ObjectNode table = root.putObject("table");
        for (String row : rowNames()) {
            List<ExploreRun> of = runsOf(row);
            ObjectNode r = table.putObject(row);
            r.put("runs", of.size());
            ObjectNode cells = r.putObject("invalid");
            for (String check : checks) {
                int hits = count(of, check, Validity.INVALID);
                Wilson w = Wilson.of(hits, of.size());
                cells.putObject(check).put("runs", hits).put("low", round(w.low())).put("high", round(w.high()));
            }
        }
        ArrayNode list = root.putArray("list");
        for (ExploreRun run : runs) {
            ObjectNode r = list.addObject();
            r.put("run", run.index());
            r.put("seed", run.seed());
            r.put("verdict", run.trial().overall().word());
            r.put("wallSeconds", round(run.trial().wallSeconds()));
            if (run.trial().worstUnsafeWindowMs().isPresent()) {
                r.put("worstUnsafeWindowMs", round(run.trial().worstUnsafeWindowMs().getAsDouble()));
            } else {
                r.putNull("worstUnsafeWindowMs");
            }
            run.trial().margin().ifPresentOrElse(m -> r.put("marginMs", round(m.ms())), () -> r.putNull("marginMs"));
            r.put("origin", run.origin());
            r.putPOJO("kinds", run.kinds());
            r.putPOJO("invalid", invalidChecks(run));
            r.put("schedule", run.trial().schedule().text());
            run.kept().ifPresentOrElse(d -> r.put("results", base.relativize(d.toAbsolutePath()).toString()),
                    () -> r.putNull("results"));
        }
        return root.toPrettyString() + "\n";
    }

    /** Writes summary.json (run folders relative to {@code base}) and summary.md into {@code dir}. */
    public void write(Path dir, Path base) {
        new OutputFile(dir.resolve("summary.json")).write(toJson(base));
        new OutputFile(dir.resolve("summary.md")).write(markdown());
    }

    /** summary.md: the setup, the table and the kept runs. */
    public String markdown() {
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "Exploration of `%s`: %d runs (shard %s), `%s`, seeds %d+i%n%n",
                setup.scenario(), runs.size(), setup.shard(), setup.schedule(), setup.firstSeed()));
        List<String> scales = setup.timing().timescales().stream().map(t -> "`" + t.word() + "`").toList();
        md.append("Timescales: ").append(scales.isEmpty() ? "none" : String.join(", ", scales))
                .append(". Durations: ").append(setup.timing().drawing()).append(".\n\n");
        md.append("Strategy: ").append(setup.strategy().word()).append(setup.strategy() == Strategy.GUIDED
                ? " (later runs mostly mutate the schedules of the runs with the smallest margins)" : "")
                .append(setup.untilInvalid() ? "; stopped at the first run with a check invalid" : "").append(".\n\n");
        md.append(String.format(Locale.ROOT, "%d runs with a check invalid, %d unknown (a check unknown or no verdict).%n%n",
                invalidRuns(), unknownRuns()));
        java.util.OptionalInt first = runsToFirstFailure();
        md.append("Runs to the first with mutex or holds invalid: ")
                .append(first.isPresent() ? String.valueOf(first.getAsInt()) : "none in " + runs.size()).append(".\n\n");
        md.append("Unsafe windows: ").append(windowSpread().sentence()).append(".\n\n");
        md.append("Runs with each check invalid, per fault kind present in the run (95% Wilson interval):\n\n");
        List<String> head = new ArrayList<>(List.of("fault kind", "runs"));
        head.addAll(checks);
        md.append("| ").append(String.join(" | ", head)).append(" |\n|").append(" --- |".repeat(head.size())).append('\n');
        for (String row : rowNames()) {
            List<ExploreRun> of = runsOf(row);
            List<String> cells = new ArrayList<>(List.of(row, String.valueOf(of.size())));
            for (String check : checks) {
                int hits = count(of, check, Validity.INVALID);
                cells.add(hits + " (" + Wilson.of(hits, of.size()).percent() + ")");
            }
            md.append("| ").append(String.join(" | ", cells)).append(" |\n");
        }
        md.append("\nEach run's margin (what was left of the lock's shortest term when the closest holder let go;"
                + " negative: past it, or two holders at once) and where its schedule came from:\n\n");
        md.append("| run | seed | verdict | margin (ms) | schedule from |\n| --- | --- | --- | --- | --- |\n");
        for (ExploreRun run : runs) {
            md.append(String.format(Locale.ROOT, "| %d | %d | %s | %s | %s |%n", run.index(), run.seed(),
                    run.trial().overall().word(), run.trial().margin().map(m -> String.format(Locale.ROOT, "%.0f", m.ms()))
                            .orElse("none"), run.origin()));
        }
        md.append("\nKept runs:\n\n");
        List<ExploreRun> kept = runs.stream().filter(r -> r.kept().isPresent()).toList();
        if (kept.isEmpty()) {
            md.append("none\n");
        }
        for (ExploreRun run : kept) {
            md.append(String.format(Locale.ROOT, "- run %d, seed %d: %s %s, `%s`%n", run.index(), run.seed(),
                    run.trial().overall().word(), invalidChecks(run), run.kept().orElseThrow()));
        }
        return md.toString();
    }

    /** The checks invalid in {@code run}, in its order. */
    static List<String> invalidChecks(ExploreRun run) {
        Set<String> names = new LinkedHashSet<>();
        run.trial().verdicts().forEach((name, v) -> {
            if (v == Validity.INVALID) {
                names.add(name);
            }
        });
        return List.copyOf(names);
    }

    private static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
