package io.lockchaos.history.format;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where a writer's lines go: each line written whole and flushed; close is idempotent. */
final class LineSink implements AutoCloseable {

    private final Writer out;
    private final String target;
    private boolean closed;

    LineSink(Writer out, String target) {
        this.out = out;
        this.target = target;
    }

    /** Creates (or truncates) {@code file} for writing UTF-8 lines. */
    static LineSink create(Path file) {
        try {
            return new LineSink(Files.newBufferedWriter(file, StandardCharsets.UTF_8), file.toString());
        } catch (IOException e) {
            throw new HistoryWriteException(file + ": cannot create the history file (" + e
                    + "); check that its folder exists and is writable", e);
        }
    }

    /** The file (or other target) written to, for messages. */
    String target() {
        return target;
    }

    synchronized void writeLine(String line) {
        if (closed) {
            throw new HistoryWriteException(target + ": the history writer is closed; write"
                    + " every event before closing it");
        }
        try {
            out.write(line);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            throw new HistoryWriteException(target + ": cannot write (" + e + "); check the"
                    + " disk and the file's permissions", e);
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
            throw new HistoryWriteException(target + ": cannot close (" + e + "); the last"
                    + " lines may be lost, check the disk", e);
        }
    }
}
