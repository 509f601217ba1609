package io.lockchaos.harness.report;

import io.lockchaos.history.LockchaosException;

/** A report that cannot be made: a results folder's file missing or unreadable, or the page not writable. */
public class ReportException extends LockchaosException {

    public ReportException(String message) {
        super(message);
    }

    public ReportException(String message, Throwable cause) {
        super(message, cause);
    }
}
