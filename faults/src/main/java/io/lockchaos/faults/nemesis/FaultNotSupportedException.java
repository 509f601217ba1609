package io.lockchaos.faults.nemesis;

/** A fault asked of a node that does not exist or does not support it; names what does. */
public class FaultNotSupportedException extends NemesisException {

    public FaultNotSupportedException(String message) {
        super(message);
    }
}
