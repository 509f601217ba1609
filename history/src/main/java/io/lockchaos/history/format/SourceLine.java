package io.lockchaos.history.format;

import io.lockchaos.history.HistoryFormatException;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.NoSuchFileException;

/** A place in a history file, for error messages: the file and its 1-based line (0: no line). */
public record SourceLine(String source, int line) {

    public HistoryFormatException error(String problem) {
        return new HistoryFormatException(source, line, problem);
    }

    public HistoryFormatException error(String problem, Throwable cause) {
        return new HistoryFormatException(source, line, problem, cause);
    }

    /** An I/O failure while reading here, saying what to check. */
    public HistoryFormatException ioError(IOException e) {
        String what;
        if (e instanceof NoSuchFileException) {
            what = "no such file; check the path";
        } else if (e instanceof CharacterCodingException) {
            what = "not UTF-8 text (" + e.getClass().getSimpleName() + "); histories are UTF-8";
        } else {
            what = "cannot read it (" + e + "); check that the file exists and is readable";
        }
        return error(what, e);
    }
}
