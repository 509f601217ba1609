package io.lockchaos.history.format;

import io.lockchaos.history.LockchaosException;

/** A history could not be written: names the file and the op or value at fault. */
public class HistoryWriteException extends LockchaosException {

    public HistoryWriteException(String message) {
        super(message);
    }

    public HistoryWriteException(String message, Throwable cause) {
        super(message, cause);
    }
}
