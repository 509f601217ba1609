package io.lockchaos.faults.nemesis;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The time a {@link ScheduleRunner} plays a schedule by. {@link #SYSTEM} waits for real;
 * tests pass a clock that jumps to each deadline at once.
 */
public interface ScheduleClock {

    /** The system's monotonic clock. */
    ScheduleClock SYSTEM = new ScheduleClock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public boolean awaitUntil(long deadline, CountDownLatch stop) throws InterruptedException {
            long remaining = deadline - System.nanoTime();
            while (remaining > 0) {
                if (stop.await(remaining, TimeUnit.NANOSECONDS)) {
                    return false;
                }
                remaining = deadline - System.nanoTime();
            }
            return stop.getCount() > 0;
        }
    };

    /** Now, in nanoseconds from an arbitrary origin. */
    long nanoTime();

    /**
     * Waits until {@link #nanoTime()} reaches {@code deadline} or {@code stop} is released.
     *
     * @return true when the deadline came, false when stopped first
     */
    boolean awaitUntil(long deadline, CountDownLatch stop) throws InterruptedException;
}
