package io.lockchaos.checker.model;

import io.lockchaos.checker.LockchaosException;

/** An operation a model cannot interpret; the message names the operation and the model. */
public class ModelException extends LockchaosException {

    public ModelException(String message) {
        super(message);
    }
}
