package io.lockchaos.harness.run;

import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.checker.history.format.HistoryFormats;
import io.lockchaos.history.format.JsonLinesHistoryReader;
import io.lockchaos.history.format.JsonLinesHistoryWriter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;

/**
 * The run's {@code history.jsonl} while the run goes: every worker's lines and the harness's
 * own ops are appended and flushed as they arrive (arrival order; each process's events stay
 * in its order), so a killed run leaves a readable history. {@link #finish} then rewrites it
 * merged by time and writes {@code history.edn} beside it, each through a file moved into
 * place, so neither is ever half-written. Thread-safe.
 */
public final class HistoryLog implements AutoCloseable {

    private final Path file;
    private final BufferedWriter out;
    private final Runnable onFirstLine;
    private int lines;
    private boolean closed;

    public HistoryLog(Path file) {
        this(file, () -> { });
    }

    /** A log that runs {@code onFirstLine} once the first line is on disk. */
    public HistoryLog(Path file, Runnable onFirstLine) {
        this.file = file;
        this.onFirstLine = onFirstLine;
        try {
            this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new RunException("cannot open " + file + " for the history (" + e + ")", e);
        }
    }

    /** Appends one JSON line a worker wrote (blank lines are dropped). */
    public synchronized void appendLine(String line) {
        if (closed || line.isBlank()) {
            return;
        }
        try {
            out.write(line.strip());
            out.write('\n');
            out.flush();
            lines++;
        } catch (IOException e) {
            throw new RunException("cannot append to " + file + " (" + e + ")", e);
        }
        if (lines == 1) {
            onFirstLine.run();
        }
    }

    /** Appends an op the harness itself recorded (a final read). */
    public void append(Op op) {
        appendLine(JsonLinesHistoryWriter.toJson(op));
    }

    /** Lines appended so far. */
    public synchronized int lines() {
        return lines;
    }

    /**
     * Closes the log, reads it back, sorts the events by time (ties keep arrival order),
     * rewrites {@code history.jsonl} so and writes {@code edn}; returns the merged history.
     */
    public History finish(Path edn) {
        close();
        History merged = readByTime(file);
        replace(file, merged);
        replace(edn, merged);
        return merged;
    }

    /** A history file as recorded (arrival order while a run goes), its events sorted by time (ties keep their order). */
    static History readByTime(Path file) {
        List<Op> events = new ArrayList<>(HistoryFormats.read(file).ops());
        events.sort(Comparator.comparingLong(Op::time));
        return History.of(file.toString(), events);
    }

    /**
     * A run's history as a killed run may leave it: every complete line, sorted by time, and
     * the number of the last line when it was torn. This log ends every line with a newline,
     * so a file whose last byte is not one was cut while that line was written.
     *
     * @param history the complete lines' events
     * @param tornLine the 1-based number of the torn last line, when there is one
     */
    public record Recorded(History history, OptionalInt tornLine) {
    }

    /** Reads {@code file} as {@link Recorded}: a torn last line is set aside and counted, not an error. */
    static Recorded readRecorded(Path file) {
        String text;
        try {
            if (Files.size(file) == 0 || lastByte(file) == '\n') {
                return new Recorded(readByTime(file), OptionalInt.empty());
            }
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RunException("cannot read " + file + " (" + e + ")", e);
        }
        String complete = text.substring(0, text.lastIndexOf('\n') + 1);
        int torn = (int) complete.chars().filter(c -> c == '\n').count() + 1;
        return new Recorded(byTime(file, complete), OptionalInt.of(torn));
    }

    /**
     * The events of the first {@code n} lines of {@code file}, sorted by time; the whole file as
     * {@link #readRecorded} reads it when it has no more lines than that (its last may be torn).
     * Reads no further than line {@code n + 1}, however long the file.
     */
    static History readFirst(Path file, int n) {
        List<String> lines;
        try (var all = Files.lines(file, StandardCharsets.UTF_8)) {
            lines = all.limit(n + 1L).toList();
        } catch (IOException e) {
            throw new RunException("cannot read " + file + " (" + e + ")", e);
        }
        if (lines.size() <= n) {
            return readRecorded(file).history();
        }
        return byTime(file, String.join("\n", lines.subList(0, n)) + "\n");
    }

    private static History byTime(Path file, String jsonLines) {
        List<Op> events = new ArrayList<>(new JsonLinesHistoryReader().read(file.toString(),
                new StringReader(jsonLines)).ops());
        events.sort(Comparator.comparingLong(Op::time));
        return History.of(file.toString(), events);
    }

    private static int lastByte(Path file) throws IOException {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            in.seek(in.length() - 1);
            return in.read();
        }
    }

    /**
     * Writes {@code history} to a file beside {@code target} and then moves it over
     * {@code target} in one step, so a run killed meanwhile leaves the arrival-order history
     * whole, never a half-written one.
     */
    private static void replace(Path target, History history) {
        String name = target.getFileName().toString();
        Path partial = target.resolveSibling(".partial-" + name);
        HistoryFormats.write(partial, history);
        try {
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new RunException("cannot move " + partial + " to " + target + " (" + e + "); the history"
                    + " in arrival order is still in " + target, e);
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            out.close();
        } catch (IOException e) {
            throw new RunException("cannot close " + file + " (" + e + ")", e);
        }
    }
}
