package io.lockchaos.checker.history.format;

import io.lockchaos.checker.history.HistoryFormatException;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.NoSuchFileException;

/** A place in a history file, for error messages: the file and its 1-based line (0: no line). */
record SourceLine(String source, int line) {

    HistoryFormatException error(String problem) {
        return new HistoryFormatException(source, line, problem);
    }

    HistoryFormatException error(String problem, Throwable cause) {
        return new HistoryFormatException(source, line, problem, cause);
    }

    /** An I/O failure while reading here, saying what to check. */
    HistoryFormatException ioError(IOException e) {
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
