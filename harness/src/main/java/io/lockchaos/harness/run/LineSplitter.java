package io.lockchaos.harness.run;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/** Turns chunks of a byte stream (container log frames) into whole lines, without their ends. */
final class LineSplitter {

    private final Consumer<String> lines;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream();

    LineSplitter(Consumer<String> lines) {
        this.lines = lines;
    }

    synchronized void accept(byte[] chunk) {
        if (chunk == null) {
            return;
        }
        for (byte b : chunk) {
            if (b == '\n') {
                emit();
            } else {
                pending.write(b);
            }
        }
    }

    /** Passes on a last line that had no line end. */
    synchronized void flush() {
        if (pending.size() > 0) {
            emit();
        }
    }

    private void emit() {
        String line = pending.toString(StandardCharsets.UTF_8);
        pending.reset();
        lines.accept(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
    }
}
