package io.lockchaos.checker.history.format;

import io.lockchaos.history.format.SourceLine;
import io.lockchaos.history.format.JsonLinesHistoryWriter;
import io.lockchaos.history.format.HistoryWriter;
import io.lockchaos.history.format.HistoryWriteException;
import io.lockchaos.history.format.HistoryReader;
import io.lockchaos.history.format.EdnHistoryWriter;
import io.lockchaos.history.History;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Reads and writes history files, choosing the format by content first and by file name
 * second. {@code HistoryFormats.read(Path.of("history.edn"))} is all a caller needs.
 */
public final class HistoryFormats {

    /** How much of the first line sniffing looks at. */
    private static final int SNIFF_LIMIT = 4096;

    private HistoryFormats() {
    }

    /** Reads a history in whichever format it is in; an empty file is an empty history. */
    public static History read(Path file) {
        Optional<String> first = firstNonBlankLine(file);
        if (first.isEmpty()) {
            return History.of(file.toString(), List.of());
        }
        return detect(file, first.get()).reader().read(file);
    }

    /**
     * Reads one EDN value given as text ({@code 0}, {@code {:x 0 :y 0}}); {@code what} names
     * where it came from in the error of a malformed or trailing one. A tagged literal
     * ({@code #foo 1}) is refused: a tag a person typed is never silently dropped.
     */
    public static io.lockchaos.history.Value readValue(String what, String text) {
        StringBuilder rest = new StringBuilder();
        io.lockchaos.history.Value value = ClojureEdn.readUntaggedValue(text, new SourceLine(what, 0), rest);
        if (!rest.toString().isBlank()) {
            throw new SourceLine(what, 0).error("'" + text + "' holds more than one EDN value; give one");
        }
        return value;
    }

    /** The format of a non-empty file: by its first non-blank line, else by its extension. */
    public static HistoryFormat detect(Path file) {
        return detect(file, firstNonBlankLine(file).orElse(""));
    }

    private static HistoryFormat detect(Path file, String firstLine) {
        return HistoryFormat.sniff(firstLine)
                .or(() -> HistoryFormat.byExtension(file.getFileName().toString()))
                .orElseThrow(() -> new SourceLine(file.toString(), 0).error("cannot tell the"
                        + " history format from the first line ('" + abbreviate(firstLine)
                        + "') or the file name; expected EDN op maps ('{:type ...'), a vector"
                        + " of them ('['), JSON lines ('{\"type\": ...') or a Jepsen log"
                        + " ('INFO  jepsen.util - ...'), or a name ending in .edn or .jsonl"));
    }

    /**
     * Opens a streaming writer for {@code file}, by its extension: {@code .edn} writes EDN,
     * {@code .jsonl}, {@code .ndjson} or {@code .json} writes JSON lines.
     */
    public static HistoryWriter openWriter(Path file) {
        Optional<HistoryFormat> format = HistoryFormat.byExtension(file.getFileName().toString());
        if (format.isPresent() && format.get() == HistoryFormat.EDN) {
            return EdnHistoryWriter.open(file);
        }
        if (format.isPresent() && format.get() == HistoryFormat.JSON_LINES) {
            return JsonLinesHistoryWriter.open(file);
        }
        throw new HistoryWriteException(file + ": cannot tell which format to write from the"
                + " file name; name it *.edn or *.jsonl");
    }

    /** Writes a whole history to {@code file}, in the format its extension names. */
    public static void write(Path file, History history) {
        try (HistoryWriter out = openWriter(file)) {
            out.writeAll(history.ops());
        }
    }

    private static Optional<String> firstNonBlankLine(Path file) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            int c = in.read();
            while (c != -1 && (Character.isWhitespace(c) || c == HistoryReader.BYTE_ORDER_MARK)) {
                c = in.read();
            }
            StringBuilder line = new StringBuilder();
            while (c != -1 && c != '\n' && c != '\r' && line.length() < SNIFF_LIMIT) {
                line.append((char) c);
                c = in.read();
            }
            return line.length() == 0 ? Optional.empty() : Optional.of(line.toString());
        } catch (IOException e) {
            throw new SourceLine(file.toString(), 0).ioError(e);
        }
    }

    private static String abbreviate(String line) {
        return line.length() <= 60 ? line : line.substring(0, 60) + "...";
    }
}
