package io.lockchaos.faults.schedule;

import io.lockchaos.history.LockchaosException;

/** A fault or schedule line that does not parse: names the source, the line and the grammar. */
public class FaultSyntaxException extends LockchaosException {

    public FaultSyntaxException(String source, int line, String text, String problem) {
        super((line > 0 ? source + ":" + line : source) + ": " + problem
                + (text.isBlank() ? "" : " in '" + text.strip() + "'")
                + ". See 'lockchaos fault --help' for the grammar.");
    }
}
