package io.lockchaos.harness.run;

import io.lockchaos.history.LockchaosException;

/**
 * A scenario file or a run option that cannot be used: the message names the file, the field
 * and what is allowed. The command line answers it with exit code 3.
 */
public class ScenarioException extends LockchaosException {

    public ScenarioException(String message) {
        super(message);
    }

    public ScenarioException(String message, Throwable cause) {
        super(message, cause);
    }
}
