package io.lockchaos.harness.matrix;

import io.lockchaos.history.LockchaosException;

/** The matrix could not read a run's results or write its tables; the message names the file. */
public final class MatrixException extends LockchaosException {

    public MatrixException(String message) {
        super(message);
    }

    public MatrixException(String message, Throwable cause) {
        super(message, cause);
    }
}
