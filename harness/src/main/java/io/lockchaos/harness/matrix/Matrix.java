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

/**
 * The table of every scenario's runs, and the three files it is written to under the results
 * folder: {@code matrix.json}, {@code matrix.md} and {@code matrix.html}.
 *
 * @param generatedAt when the last run ended
 * @param commit the checkout's commit ({@code git describe --always --dirty}), or "unknown"
 * @param rows one per scenario, in the order run
 */
public record Matrix(Instant generatedAt, String commit, List<MatrixRow> rows) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public Matrix {
        rows = List.copyOf(rows);
    }

    /** 0 every run matched; 2 a run was not carried out (no verdict); 1 a run did not match. */
    public int exitCode() {
        if (rows.stream().anyMatch(MatrixRow::anyFailed)) {
            return 2;
        }
        return rows.stream().allMatch(MatrixRow::allMatched) ? 0 : 1;
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
