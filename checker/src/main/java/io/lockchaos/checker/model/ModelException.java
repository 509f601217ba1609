package io.lockchaos.checker.model;

import io.lockchaos.history.LockchaosException;
import io.lockchaos.history.Operation;

/**
 * An operation a model cannot interpret (an unknown {@code :f}, a value of the wrong shape):
 * bad input, not a verdict. The message names the operation, its event index and the model.
 */
public class ModelException extends LockchaosException {

    public ModelException(String message) {
        super(message);
    }

    /** "event N (operation): model M problem". */
    static ModelException at(Operation operation, String model, String problem) {
        return new ModelException("event " + operation.invocation().index() + " (" + operation + "): model "
                + model + ": the operation " + problem);
    }
}
