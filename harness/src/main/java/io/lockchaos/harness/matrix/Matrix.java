package io.lockchaos.harness.matrix;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.lockchaos.checker.Validity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The table of every scenario's runs, and the three files it is written to under the results
 * folder: {@code matrix.json}, {@code matrix.md} and {@code matrix.html}.
 *
 * @param generatedAt when the last run ended
 * @param commit the checkout's commit ({@code git describe --always --dirty}), or "unknown"
 * @param rows one per scenario, in the order run
 * @param pace the whole run's wall time and how many ran side by side; empty for a merged matrix
 */
public record Matrix(Instant generatedAt, String commit, List<MatrixRow> rows, Optional<Pace> pace) {

    /**
     * How long the whole matrix took.
     *
     * @param wallSeconds from the first run's start to the last one's end
     * @param parallel at most this many runs side by side ({@code --parallel})
     */
    public record Pace(double wallSeconds, int parallel) {
    }

    /** A matrix without a measured whole: merged from shards. */
    public Matrix(Instant generatedAt, String commit, List<MatrixRow> rows) {
        this(generatedAt, commit, rows, Optional.empty());
    }

    /** The seconds of workload and quiet time ({@code durationMs + quietMs}) over every run. */
    public double workloadSeconds() {
        return rows.stream().mapToDouble(MatrixRow::workloadSeconds).sum();
    }

    /**
     * {@code Wall 812 s for 1234 s of workload and quiet time in 47 runs (0.66x), up to 2 side by
     * side; the runs' own walls sum to 2100 s.}, without the wall for a merged matrix.
     */
    public String paceLine() {
        int runs = rows.stream().mapToInt(r -> r.runs().size()).sum();
        double own = rows.stream().flatMap(r -> r.runs().stream()).mapToDouble(RunSummary::wallSeconds).sum();
        String work = String.format(Locale.ROOT, "%.0f s of workload and quiet time in %d runs", workloadSeconds(), runs);
        String sum = String.format(Locale.ROOT, "the runs' own walls sum to %.0f s", own);
        return pace.map(p -> String.format(Locale.ROOT, "Wall %.0f s for %s (%.2fx), up to %d side by side; %s.",
                        p.wallSeconds(), work, p.wallSeconds() / Math.max(1e-9, workloadSeconds()), p.parallel(), sum))
                .orElse(work.substring(0, 1).toUpperCase(Locale.ROOT) + work.substring(1) + "; " + sum + ".");
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    public Matrix {
        rows = List.copyOf(rows);
    }

    /**
     * 1 a run carried out did not match (a finding, whatever else happened, as in {@code explore});
     * else 2 a run was not carried out (no verdict); else 0, every run matched.
     */
    public int exitCode() {
        if (rows.stream().anyMatch(MatrixRow::anyMismatched)) {
            return 1;
        }
        return rows.stream().anyMatch(MatrixRow::anyFailed) ? 2 : 0;
    }

    /**
     * {@code {"generatedAt", "commit", "scenarios": [{"scenario", "designRow", "lock", "fault", "runs",
     * "matched", "verdicts": {CHECK: {"valid", "invalid", "unknown"}}, "staleRefused", "lostUpdates", "worstUnsafeWindowMs",
     * "wallSeconds", "results"}]}}; result folders relative to {@code base}.
     */
    public String toJson(Path base) {
        ObjectNode root = JSON.createObjectNode();
        root.put("generatedAt", generatedAt.toString());
        root.put("commit", commit);
        pace.ifPresent(p -> {
            root.put("wallSeconds", Math.round(p.wallSeconds() * 10) / 10.0);
            root.put("parallel", p.parallel());
        });
        root.put("workloadSeconds", Math.round(workloadSeconds() * 10) / 10.0);
        ArrayNode list = root.putArray("scenarios");
        for (MatrixRow row : rows) {
            ObjectNode s = list.addObject();
            s.put("scenario", row.scenario().scenario().name());
            if (row.scenario().designRow().isPresent()) {
                s.put("designRow", row.scenario().designRow().getAsInt());
            } else {
                s.putNull("designRow");
            }
            s.put("lock", row.scenario().lock());
            s.put("fault", row.scenario().fault());
            s.put("runs", row.runs().size());
            s.put("matched", row.matched());
            ObjectNode verdicts = s.putObject("verdicts");
            for (String check : row.scenario().scenario().checkNames()) {
                ObjectNode counts = verdicts.putObject(check);
                row.verdicts(check).forEach((v, n) -> counts.put(v.word(), n));
            }
            s.put("staleRefused", row.staleRefused());
            s.put("lostUpdates", row.lostUpdates());
            if (row.worstUnsafeWindowMs().isPresent()) {
                s.put("worstUnsafeWindowMs", row.worstUnsafeWindowMs().getAsDouble());
            } else {
                s.putNull("worstUnsafeWindowMs");
            }
            ArrayNode wall = s.putArray("wallSeconds");
            ArrayNode results = s.putArray("results");
            for (RunSummary run : row.runs()) {
                wall.add(Math.round(run.wallSeconds() * 10) / 10.0);
                results.add(base.relativize(run.results().dir().toAbsolutePath()).toString());
            }
        }
        return root.toPrettyString() + "\n";
    }

    /**
     * Writes {@code matrix.json}, {@code matrix.md} and {@code matrix.html} into {@code resultsRoot}
     * (result folders in the JSON relative to its parent, links in the page relative to it).
     */
    public void write(Path resultsRoot) {
        Path root = resultsRoot.toAbsolutePath();
        MatrixPage page = new MatrixPage(this);
        write(root.resolve("matrix.json"), toJson(root.getParent()));
        write(root.resolve("matrix.md"), page.markdown());
        write(root.resolve("matrix.html"), page.html(root));
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new MatrixException("cannot write " + file + " (" + e + "); check that the results folder is writable", e);
        }
    }

    /** The table as markdown, with its date and commit. */
    public String markdown() {
        return new MatrixPage(this).markdown();
    }

    /** A cell: the verdict every run reached, or each verdict with its count ("invalid 4, valid 1"). */
    static String cell(Map<Validity, Integer> counts) {
        List<Map.Entry<Validity, Integer>> seen = counts.entrySet().stream().filter(e -> e.getValue() > 0).toList();
        if (seen.size() == 1) {
            return seen.get(0).getKey().word();
        }
        return String.join(", ", seen.stream()
                .map(e -> String.format(Locale.ROOT, "%s %d", e.getKey().word(), e.getValue())).toList());
    }
}
