package io.lockchaos.faults.nemesis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/** A schedule clock that jumps to each deadline at once; can be told to interrupt at a deadline. */
final class FakeClock implements ScheduleClock {

    long now = 1_000;
    final List<Long> waitedUntil = new ArrayList<>();
    long interruptAt = Long.MAX_VALUE;

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public boolean awaitUntil(long deadline, CountDownLatch stop) throws InterruptedException {
        if (stop.getCount() == 0) {
            return false;
        }
        if (deadline >= interruptAt) {
            throw new InterruptedException("fake interrupt at " + deadline);
        }
        waitedUntil.add(deadline);
        now = Math.max(now, deadline);
        return true;
    }
}
