package io.lockchaos.history;

import io.lockchaos.history.LockchaosException;

/** A history that cannot be read or makes no sense: names the source and the line at fault. */
public class HistoryFormatException extends LockchaosException {

    private final String source;
    private final int line;

    public HistoryFormatException(String source, int line, String problem) {
        super(describe(source, line, problem));
        this.source = source;
        this.line = line;
    }

    public HistoryFormatException(String source, int line, String problem, Throwable cause) {
        super(describe(source, line, problem), cause);
        this.source = source;
        this.line = line;
    }

    private static String describe(String source, int line, String problem) {
        return line > 0 ? source + ":" + line + ": " + problem : source + ": " + problem;
    }

    /** The file (or other source) that was being read. */
    public String source() {
        return source;
    }

    /** The 1-based line at fault, or 0 when the problem is not on one line. */
    public int line() {
        return line;
    }
}
