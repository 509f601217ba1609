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
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

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
     * {@link #read(Path)} for any file: a regular one as there; anything else (a pipe such as
     * {@code <(zcat h.jsonl.gz)}, {@code /dev/stdin}, a FIFO) is opened and read once, by
     * {@link #read(String, InputStream)}, since what was read from it cannot be read again.
     *
     * @param openLimit how long opening it may take: a FIFO no writer has opened blocks the opening
     * @throws io.lockchaos.history.HistoryFormatException naming the file when nothing opened it for
     *     writing within {@code openLimit}
     */
    public static History read(Path file, Duration openLimit) {
        if (Files.isRegularFile(file)) {
            return read(file);
        }
        try (InputStream in = openWithin(file, openLimit)) {
            return read(file.toString(), in);
        } catch (IOException e) {
            throw new SourceLine(file.toString(), 0).ioError(e);
        }
    }

    /**
     * Reads a history from {@code in}, which is read once, to its end, into memory (standard
     * input, a pipe); the format is told by content, then by {@code source}'s name. Strict UTF-8,
     * as for files.
     */
    public static History read(String source, InputStream in) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(in.readAllBytes())).toString();
        } catch (CharacterCodingException e) {
            throw new SourceLine(source, 0).error("not UTF-8 text (" + e + "); a history is UTF-8", e);
        } catch (IOException e) {
            throw new SourceLine(source, 0).ioError(e);
        }
        Optional<String> first;
        try {
            first = firstNonBlankLine(new StringReader(text));
        } catch (IOException e) {
            throw new SourceLine(source, 0).ioError(e);
        }
        if (first.isEmpty()) {
            return History.of(source, List.of());
        }
        return detect(Path.of(source), first.get()).reader().readString(source, text);
    }

    /** Opens {@code file} for reading on a thread of its own, waiting at most {@code limit} for the opening. */
    private static InputStream openWithin(Path file, Duration limit) throws IOException {
        FutureTask<InputStream> open = new FutureTask<>(() -> Files.newInputStream(file));
        Thread opener = new Thread(open, "open-" + file.getFileName());
        opener.setDaemon(true); // left blocked in open(2) when no writer comes; it must not keep the JVM
        opener.start();
        try {
            return open.get(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new SourceLine(file.toString(), 0).error("nothing opened it for writing within "
                    + limit.toMillis() / 1000.0 + " s (a FIFO with no writer); start its writer first, or give a file");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IllegalStateException("opening " + file + " failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SourceLine(file.toString(), 0).error("interrupted while opening it");
        }
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
            return firstNonBlankLine(in);
        } catch (IOException e) {
            throw new SourceLine(file.toString(), 0).ioError(e);
        }
    }

    private static Optional<String> firstNonBlankLine(Reader in) throws IOException {
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
    }

    private static String abbreviate(String line) {
        return line.length() <= 60 ? line : line.substring(0, 60) + "...";
    }
}
