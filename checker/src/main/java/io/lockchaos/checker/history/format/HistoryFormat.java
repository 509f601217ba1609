package io.lockchaos.checker.history.format;

import io.lockchaos.history.format.JsonLinesHistoryReader;
import io.lockchaos.history.format.HistoryReader;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/** The history formats lockchaos reads, and how to recognise each. */
public enum HistoryFormat {

    /** Jepsen's {@code history.edn}: op maps, one per line or in one vector or list. */
    EDN(EdnHistoryReader::new),
    /** One JSON object per line, lockchaos's {@code history.jsonl}. */
    JSON_LINES(JsonLinesHistoryReader::new),
    /** The ops a Jepsen test logged through {@code jepsen.util} (no times). */
    JEPSEN_LOG(JepsenLogHistoryReader::new);

    /** A JSON object's first key and its colon: <code>{"type":</code>, <code>{ "index" :</code>. */
    private static final Pattern JSON_OBJECT_START = Pattern.compile("\\{\\s*\"(?:[^\"\\\\]|\\\\.)*\"\\s*:");

    private final Supplier<HistoryReader> reader;

    HistoryFormat(Supplier<HistoryReader> reader) {
        this.reader = reader;
    }

    /** A reader for this format. */
    public HistoryReader reader() {
        return reader.get();
    }

    /**
     * The format a file's first non-blank line shows: <code>{"key":</code> is JSON lines;
     * <code>{</code>, {@code [}, {@code (}, {@code #} (a tagged record) or {@code ;} is EDN; a line that
     * starts with {@code INFO} or holds {@code jepsen.util - } is a Jepsen log.
     */
    public static Optional<HistoryFormat> sniff(String firstNonBlankLine) {
        String line = firstNonBlankLine.strip();
        if (JSON_OBJECT_START.matcher(line).lookingAt()) {
            return Optional.of(JSON_LINES);
        }
        if (line.startsWith("{") || line.startsWith("[") || line.startsWith("(") || line.startsWith("#")
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
