package io.lockchaos.harness.cli;

import java.io.PrintWriter;
import java.io.Writer;

/**
 * A writer that prints each whole line to {@code target} with a prefix, one line at a time under
 * the target's lock, so runs side by side ({@code matrix --parallel}) share a terminal line by
 * line, each line saying whose it is.
 */
final class PrefixedLines extends Writer {

    private final PrintWriter target;
    private final String prefix;
    private final StringBuilder line = new StringBuilder();

    private PrefixedLines(PrintWriter target, String prefix) {
        this.target = target;
        this.prefix = prefix;
    }

    /** A print writer onto {@code target} whose every line starts with {@code prefix}. */
    static PrintWriter of(PrintWriter target, String prefix) {
        return new PrintWriter(new PrefixedLines(target, prefix), true);
    }

    @Override
    public synchronized void write(char[] chars, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            if (chars[i] == '\n') {
                emit();
            } else {
                line.append(chars[i]);
            }
        }
    }

    private void emit() {
        synchronized (target) {
            target.println(prefix + line);
            target.flush();
        }
        line.setLength(0);
    }

    @Override
    public synchronized void flush() {
        synchronized (target) {
            target.flush();
        }
    }

    @Override
    public synchronized void close() {
        if (line.length() > 0) {
            emit();
        }
    }
}
