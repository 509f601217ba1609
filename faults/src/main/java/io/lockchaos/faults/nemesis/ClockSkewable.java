package io.lockchaos.faults.nemesis;

import java.time.Duration;

/** A node whose server's wall clock can be moved (libfaketime); monotonic time never moves. */
public interface ClockSkewable extends FaultNode {

    /** The offset of the server's wall clock from true time (zero when it is not skewed). */
    Duration clockOffset();

    /** Sets the offset from true time; {@link Duration#ZERO} puts the clock back. */
    void setClockOffset(Duration offset);
}
