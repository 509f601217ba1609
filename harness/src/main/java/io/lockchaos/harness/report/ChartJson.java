package io.lockchaos.harness.report;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;

/**
 * The timeline as the chart script reads it, times in ms since the run's start:
 * <pre>{@code
 * {"rows": [{"label": "worker-1", "lane": "unfenced"}, ...], "start": 7449.2, "end": 29008.2,
 *  "bars": [[row, startMs, endMs, "unfenced-job-0 #43", "held|open|anomaly", "tooltip"], ...],
 *  "marks": [[ms, row, "stale-token|failed|indeterminate|anomaly|final-read|fault|loss-notice", "tooltip"], ...],
 *  "bands": [[startMs, endMs, "pause worker-1", "tooltip"], ...],
 *  "windows": [[row, startMs, endMs, "the window in words"], ...]}
 * }</pre>
 * {@code <}, {@code >} and {@code &} are written as {@code \u003c} ..., so the JSON can sit in
 * a {@code <script>} element whatever a lock name holds.
 */
final class ChartJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    static {
        JSON.getFactory().setCharacterEscapes(new HtmlSafe());
    }

    private ChartJson() {
    }

    static String of(Timeline t) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode rows = root.putArray("rows");
        t.rows().forEach(r -> rows.addObject().put("label", r.label()).put("lane", r.lane()));
        root.put("start", ms(t.start()));
        root.put("end", ms(t.end()));
        ArrayNode bars = root.putArray("bars");
        for (Timeline.Bar b : t.bars()) {
            bars.addArray().add(b.row()).add(ms(b.start())).add(ms(b.end())).add(b.label())
                    .add(b.anomalous() ? "anomaly" : b.released() ? "held" : "open").add(tooltip(b));
        }
        ArrayNode marks = root.putArray("marks");
        for (Timeline.Mark m : t.marks()) {
            marks.addArray().add(ms(m.time())).add(m.row()).add(m.kind().name().toLowerCase(Locale.ROOT)
                    .replace('_', '-')).add(String.format(Locale.ROOT, "%.3f s: %s", m.time() / 1e9, m.text()));
        }
        ArrayNode bands = root.putArray("bands");
        for (Timeline.Band b : t.bands()) {
            bands.addArray().add(ms(b.start())).add(ms(b.end())).add(b.label()).add(String.format(Locale.ROOT,
                    "%s from %.3f s to %.3f s (ended by %s)", b.label(), b.start() / 1e9, b.end() / 1e9, b.endedBy()));
        }
        ArrayNode windows = root.putArray("windows");
        for (Timeline.Window w : t.windows()) {
            windows.addArray().add(w.row()).add(ms(w.start())).add(ms(w.end())).add(w.text());
        }
        try {
            return JSON.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new ReportException("cannot write the timeline's data as JSON (" + e.getOriginalMessage() + ")", e);
        }
    }

    private static String tooltip(Timeline.Bar b) {
        return String.format(Locale.ROOT, "process %d held %s%s from %.3f s to %.3f s%s%s", b.process(), b.lock(),
                b.token() == null ? "" : " with token " + b.token(), b.start() / 1e9, b.end() / 1e9,
                b.released() ? "" : " (never released)", b.anomalous() ? "; named by the evidence below" : "");
    }

    /** ns to ms, to the µs. */
    static double ms(long nanos) {
        return Math.round(nanos / 1e3) / 1e3;
    }

    /** JSON's escapes plus {@code < > &} as unicode escapes. */
    private static final class HtmlSafe extends CharacterEscapes {
        private final int[] escapes = standardAsciiEscapesForJSON();

        HtmlSafe() {
            escapes['<'] = ESCAPE_STANDARD;
            escapes['>'] = ESCAPE_STANDARD;
            escapes['&'] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return escapes;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return null;
        }
    }
}
