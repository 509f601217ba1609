package io.lockchaos.history.format;

import java.io.IOException;
import java.io.Reader;

/**
 * The lines of a text, numbered from 1, split at {@code \n}, {@code \r\n} or {@code \r} as
 * {@link java.io.BufferedReader#readLine()} does, and also telling whether the text ended
 * with a line break (a writer killed mid-line leaves none).
 */
final class TextLines {

    private final Reader in;
    private final char[] buf = new char[1 << 16];
    private int pos;
    private int end;
    private int number;
    private boolean endedWithNewline;
    private boolean skipLineFeed;
    private final StringBuilder line = new StringBuilder();

    TextLines(Reader in) {
        this.in = in;
    }

    /**
     * The next line without its break, or null at the end of the text: this reader's own
     * buffer, valid until the next call (a long file is not a string a line).
     */
    CharSequence next() throws IOException {
        line.setLength(0);
        boolean any = false;
        while (true) {
            if (pos == end) {
                end = in.read(buf, 0, buf.length);
                pos = 0;
                if (end <= 0) {
                    end = 0;
                    if (!any) {
                        return null;
                    }
                    endedWithNewline = false;
                    number++;
                    return line;
                }
            }
            if (skipLineFeed && buf[pos] == '\n') {
                pos++;
            }
            skipLineFeed = false;
            int start = pos;
            while (pos < end && buf[pos] != '\n' && buf[pos] != '\r') {
                pos++;
            }
            line.append(buf, start, pos - start);
            any |= pos > start;
            if (pos < end) {
                skipLineFeed = buf[pos++] == '\r';
                endedWithNewline = true;
                number++;
                return line;
            }
        }
    }

    /** The 1-based number of the line {@link #next()} returned last. */
    int number() {
        return number;
    }

    /** Whether the text read so far ended with a line break. */
    boolean endedWithNewline() {
        return endedWithNewline;
    }
}
