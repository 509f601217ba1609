package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ExitSignalsTest {

    /**
     * Runs side by side each register a close; a signal must close every one of them before the
     * JVM exits, at once (a close waits for its cluster's start, up to a minute), not only the
     * last one registered, which left the others to the shutdown hooks racing the cluster's.
     */
    @Test
    void aSignalClosesEveryRunUnderWayAtOnceAndThoseRegisteredMeanwhile() {
        CountDownLatch bothClosing = new CountDownLatch(2);
        AtomicInteger closed = new AtomicInteger();
        AtomicInteger together = new AtomicInteger();
        Runnable late = closed::incrementAndGet;
        Runnable first = () -> {
            bothClosing.countDown();
            if (await(bothClosing)) {
                together.incrementAndGet();
            }
            ExitSignals.closeFirst(late); // a run admitted in the moment the signal came
            closed.incrementAndGet();
        };
        Runnable second = () -> {
            bothClosing.countDown();
            if (await(bothClosing)) {
                together.incrementAndGet();
            }
            closed.incrementAndGet();
        };
        Runnable forgotten = () -> closed.addAndGet(100);
        ExitSignals.closeFirst(first);
        ExitSignals.closeFirst(second);
        ExitSignals.closeFirst(forgotten);
        ExitSignals.forget(forgotten); // closed as it normally is: not again on a signal

        ExitSignals.closeAll();

        assertEquals(2, together.get(), "the two closes ran at the same time");
        assertEquals(3, closed.get(), "both runs and the one registered while they closed, not the forgotten one");
        ExitSignals.closeAll();
        assertEquals(3, closed.get(), "each close runs once");
        assertFalse(ExitSignals.exiting(), "no signal came in this test");
    }

    private static boolean await(CountDownLatch latch) {
        try {
            return latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
