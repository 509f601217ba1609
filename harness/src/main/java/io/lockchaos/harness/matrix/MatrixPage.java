package io.lockchaos.harness.matrix;

import io.lockchaos.harness.run.CheckName;
import io.lockchaos.checker.Validity;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.history.ops.Fencing;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.DocumentType;
import org.jsoup.nodes.Element;

/**
 * The matrix as a table a person reads in five seconds: one row per scenario, with its lock,
 * its fault, the merged {@code mutex}, {@code holds} and {@code tokens} verdicts, each storage
 * mode's {@code ledger}, and how many runs matched their expectations. A cell that missed its
 * expected verdict in some run says what was expected. As markdown, and as HTML (built through
 * jsoup, so every value is escaped) whose cells link to each run's {@code report.html}.
 */
final class MatrixPage {

    private static final List<String> MERGED = List.of(CheckName.MUTEX, CheckName.HOLDS, CheckName.TOKENS);
    private static final String WORST_WINDOW = "worst unsafe window";
    private static final String STYLE = "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
            + "td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}"
            + ".valid{background:#e6f4e6}.invalid{background:#fbe3e3}.unknown{background:#eee}"
            + ".missed{outline:3px solid #d40000}.runs a{margin-right:4px;font-size:smaller}";

    private final Matrix matrix;
    private final List<Fencing> lanes;

    MatrixPage(Matrix matrix) {
        this.matrix = matrix;
        this.lanes = Arrays.stream(Fencing.values())
                .filter(f -> matrix.rows().stream().anyMatch(r -> r.scenario().scenario().storage().contains(f)))
                .toList();
    }

    /** The column headings after scenario, design row, lock and fault ({@code ticks} when a scenario runs on ticks). */
    private List<String> checkColumns() {
        List<String> columns = new ArrayList<>(MERGED);
        lanes.forEach(f -> columns.add(CheckName.of(CheckName.LEDGER, f).id()));
        if (matrix.rows().stream().anyMatch(r -> r.scenario().scenario().ticks())) {
            columns.add(Scenario.TICKS);
        }
        return columns;
    }

    String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("Generated ").append(matrix.generatedAt()).append(" at commit ").append(matrix.commit()).append("\n\n");
        List<String> head = new ArrayList<>(List.of("scenario", "row", "lock", "fault"));
        checkColumns().forEach(c -> head.add(c.replace('-', ' ')));
        head.add(WORST_WINDOW);
        head.add("runs matched");
        head.add("wall s");
        md.append("| ").append(String.join(" | ", head)).append(" |\n");
        md.append("|").append(" --- |".repeat(head.size())).append('\n');
        for (MatrixRow row : matrix.rows()) {
            List<String> cells = new ArrayList<>(List.of("`" + row.scenario().scenario().name() + "`", designRow(row),
                    row.scenario().lock(), row.scenario().fault().replace("|", "\\|")));
            checkColumns().forEach(c -> cells.add(cellText(row, c)));
            cells.add(worstWindow(row));
            cells.add(row.matched() + "/" + row.runs().size());
            cells.add(row.wallText());
            md.append("| ").append(String.join(" | ", cells)).append(" |\n");
        }
        md.append('\n').append(matrix.paceLine()).append('\n');
        return md.toString();
    }

    /** The page; run folders linked relative to {@code resultsRoot}, where the page is written. */
    String html(Path resultsRoot) {
        Document doc = Document.createShell("");
        doc.outputSettings().prettyPrint(false);
        doc.prependChild(new DocumentType("html", "", ""));
        doc.selectFirst("html").attr("lang", "en");
        doc.head().appendElement("meta").attr("charset", "utf-8");
        doc.head().appendElement("title").text("lockchaos matrix");
        doc.head().appendElement("style").appendChild(new DataNode(STYLE));
        Element body = doc.body();
        body.appendElement("h1").text("lockchaos matrix");
        body.appendElement("p").text("Generated " + matrix.generatedAt() + " at commit " + matrix.commit()
                + ". Each cell links to its runs' reports; an outlined cell missed its expected verdict in some run.");
        Element table = body.appendElement("table");
        Element head = table.appendElement("tr");
        List.of("scenario", "row", "lock", "fault").forEach(h -> head.appendElement("th").text(h));
        checkColumns().forEach(c -> head.appendElement("th").text(c));
        head.appendElement("th").text(WORST_WINDOW);
        head.appendElement("th").text("runs matched");
        head.appendElement("th").text("wall s");
        for (MatrixRow row : matrix.rows()) {
            Element tr = table.appendElement("tr");
            tr.appendElement("td").appendElement("code").text(row.scenario().scenario().name());
            tr.appendElement("td").text(designRow(row));
            tr.appendElement("td").text(row.scenario().lock());
            tr.appendElement("td").text(row.scenario().fault());
            checkColumns().forEach(c -> cell(tr.appendElement("td"), row, c, resultsRoot));
            Element worst = tr.appendElement("td").text(worstWindow(row));
            if (row.worstUnsafeWindowMs().orElse(0) > 0) {
                worst.addClass("invalid");
            }
            cell(tr.appendElement("td").text(row.matched() + "/" + row.runs().size()), row, null, resultsRoot);
            tr.appendElement("td").text(row.wallText());
        }
        body.appendElement("p").text(matrix.paceLine());
        return doc.outerHtml();
    }

    private void cell(Element td, MatrixRow row, String check, Path resultsRoot) {
        if (check != null) {
            if (!row.scenario().scenario().checkNames().contains(check)) {
                td.text("—");
                return;
            }
            td.text(cellText(row, check));
            td.addClass(majority(row, check).word());
            if (missed(row, check)) {
                td.addClass("missed");
            }
        }
        Element runs = td.appendElement("div").addClass("runs");
        for (int i = 0; i < row.runs().size(); i++) {
            Path report = row.runs().get(i).results().reportHtml().toAbsolutePath();
            runs.appendElement("a").attr("href", resultsRoot.relativize(report).toString().replace('\\', '/'))
                    .text(row.runs().size() == 1 ? "report" : "#" + (i + 1));
        }
    }

    /** The longest unsafe window over the row's runs: {@code 4812 ms}, {@code none}, or {@code —} when no run measured one. */
    private static String worstWindow(MatrixRow row) {
        java.util.OptionalDouble worst = row.worstUnsafeWindowMs();
        if (worst.isEmpty()) {
            return "—";
        }
        return worst.getAsDouble() == 0 ? "none" : String.format(java.util.Locale.ROOT, "%.0f ms", worst.getAsDouble());
    }

    private static String designRow(MatrixRow row) {
        return row.scenario().designRow().isPresent() ? String.valueOf(row.scenario().designRow().getAsInt()) : "—";
    }

    /** The verdicts of {@code check} over the runs, and what was expected when some run missed it. */
    private static String cellText(MatrixRow row, String check) {
        if (!row.scenario().scenario().checkNames().contains(check)) {
            return "—";
        }
        String text = Matrix.cell(row.verdicts(check));
        return missed(row, check) ? text + " (expected " + row.expected(check).orElseThrow().word() + ")" : text;
    }

    private static boolean missed(MatrixRow row, String check) {
        return row.expected(check).map(e -> row.verdicts(check).get(e) < row.runs().size()).orElse(false);
    }

    private static Validity majority(MatrixRow row, String check) {
        return row.verdicts(check).entrySet().stream().max(java.util.Map.Entry.comparingByValue())
                .map(java.util.Map.Entry::getKey).orElse(Validity.UNKNOWN);
    }
}
