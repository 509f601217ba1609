package io.lockchaos.history.format;

import io.lockchaos.history.History;
import io.lockchaos.history.HistoryFormatException;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a whole history in one format. A problem is a {@link HistoryFormatException} that
 * names the source and the 1-based line, says what is wrong and what was expected.
 */
public interface HistoryReader {

    /** Some editors start UTF-8 files with one; it is not content. */
    char BYTE_ORDER_MARK = '\uFEFF';

    /** Reads every event from {@code in}; {@code source} (a file name) names it in messages. */
    History read(String source, Reader in);

    /** Reads a UTF-8 file. */
    default History read(Path file) {
        String source = file.toString();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(source, in);
        } catch (IOException e) {
            throw new SourceLine(source, 0).ioError(e);
        }
    }

    /** Reads a history held in a string (tests, small inputs). */
    default History readString(String source, String text) {
        return read(source, new StringReader(text));
    }
}
