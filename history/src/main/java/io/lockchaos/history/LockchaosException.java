package io.lockchaos.history;

/**
 * Root of lockchaos's unchecked exceptions. Every message says what is at fault (the file,
 * the line, the node or the setting) and what to do about it.
 */
public class LockchaosException extends RuntimeException {

    public LockchaosException(String message) {
        super(message);
    }

    public LockchaosException(String message, Throwable cause) {
        super(message, cause);
    }
}
