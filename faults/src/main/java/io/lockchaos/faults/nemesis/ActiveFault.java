package io.lockchaos.faults.nemesis;

import io.lockchaos.faults.schedule.FaultSpec;

/**
 * A fault in force. Closing it heals exactly what its injection did and records the heal;
 * closing again does nothing.
 */
public interface ActiveFault extends AutoCloseable {

    /** What was injected. */
    FaultSpec fault();

    /** Whether it has been healed. */
    boolean isHealed();

    @Override
    void close();

    /** A fault in force that {@code heal} undoes, once, on the first close. */
    static ActiveFault healedBy(FaultSpec fault, Runnable heal) {
        return new Healing(fault, heal);
    }
}
