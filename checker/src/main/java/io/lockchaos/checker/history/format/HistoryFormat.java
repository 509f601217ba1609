package io.lockchaos.checker.history.format;

import java.util.Locale;
import java.util.Optional;

/** The history formats lockchaos reads, and how to recognise each. */
public enum HistoryFormat {

    /** Jepsen's {@code history.edn}: op maps, one per line or in one vector. */
    EDN,
    /** One JSON object per line, lockchaos's {@code history.jsonl}. */
    JSON_LINES,
    /** The ops a Jepsen test logged through {@code jepsen.util} (no times). */
    JEPSEN_LOG;

    /** A reader for this format. */
    public HistoryReader reader() {
        switch (this) {
            case EDN:
                return new EdnHistoryReader();
            case JSON_LINES:
                return new JsonLinesHistoryReader();
            default:
                return new JepsenLogHistoryReader();
        }
    }

    /**
     * The format a file's first non-blank line shows: <code>{"</code> is JSON lines;
     * <code>{</code>, {@code [}, {@code #} (a tagged record) or {@code ;} is EDN; a line that
     * starts with {@code INFO} or holds {@code jepsen.util - } is a Jepsen log.
     */
    public static Optional<HistoryFormat> sniff(String firstNonBlankLine) {
        String line = firstNonBlankLine.strip();
        if (line.startsWith("{\"")) {
            return Optional.of(JSON_LINES);
        }
        if (line.startsWith("{") || line.startsWith("[") || line.startsWith("#")
                || line.startsWith(";")) {
            return Optional.of(EDN);
        }
        if (line.startsWith("INFO") || line.contains(JepsenLogHistoryReader.MARKER)) {
            return Optional.of(JEPSEN_LOG);
        }
        return Optional.empty();
    }

    /**
     * The format a file name suggests: {@code .edn}; {@code .jsonl}, {@code .ndjson} or
     * {@code .json}; {@code .log} or {@code .txt} as a Jepsen log (whose reader fails
     * clearly when no line is one).
     */
    public static Optional<HistoryFormat> byExtension(String fileName) {
        String name = fileName.toLowerCase(Locale.ROOT);
        if (name.endsWith(".edn")) {
            return Optional.of(EDN);
        }
        if (name.endsWith(".jsonl") || name.endsWith(".ndjson") || name.endsWith(".json")) {
            return Optional.of(JSON_LINES);
        }
        if (name.endsWith(".log") || name.endsWith(".txt")) {
            return Optional.of(JEPSEN_LOG);
        }
        return Optional.empty();
    }
}
