package io.lockchaos.harness.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The busy share from counters stepped by hand, and the parsing of a real {@code /proc/stat} line. */
class CpuBusyTest {

    private final AtomicLong clock = new AtomicLong();
    private final AtomicLong busy = new AtomicLong();
    private final AtomicLong total = new AtomicLong();

    private final CpuBusy cpu = new CpuBusy(() -> Optional.of(new long[] {busy.get(), total.get()}), clock::get,
            Duration.ofSeconds(5));

    /** {@code seconds} pass with the CPUs busy {@code share} of them (100 jiffies a second). */
    private void pass(double seconds, double share) {
        clock.addAndGet(Duration.ofMillis(Math.round(seconds * 1000)).toNanos());
        total.addAndGet(Math.round(seconds * 100));
        busy.addAndGet(Math.round(seconds * 100 * share));
    }

    @Test
    void fullyBusyUntilASecondCanBeMeasuredThenTheShareOfTheLastFiveSeconds() {
        assertEquals(1.0, cpu.share(), "nothing to compare with yet");
        pass(0.5, 0.1);
        assertEquals(1.0, cpu.share(), "half a second is too little");
        pass(0.5, 0.1);
        assertEquals(0.1, cpu.share(), 1e-9);
        for (int i = 0; i < 10; i++) {
            pass(0.5, 0.9);
            cpu.share();
        }
        assertEquals(0.9, cpu.share(), 1e-9, "the idle second is over five seconds ago");
        for (int i = 0; i < 4; i++) {
            pass(0.5, 0.2);
            cpu.share();
        }
        double mixed = cpu.share();
        assertTrue(mixed > 0.2 && mixed < 0.9, "the last five seconds mix both: " + mixed);
    }

    @Test
    void noCountersCountAsBusy() {
        CpuBusy none = new CpuBusy(Optional::empty, clock::get, Duration.ofSeconds(5));
        pass(10, 0);
        assertEquals(1.0, none.share());
    }

    @Test
    void busyIsEveryColumnButIdleAndIowaitUpToSteal() {
        assertArrayEquals(new long[] {10 + 1 + 5 + 2 + 3 + 4, 10 + 1 + 5 + 100 + 7 + 2 + 3 + 4},
                CpuBusy.parse("cpu  10 1 5 100 7 2 3 4 50 60").orElseThrow());
        assertTrue(CpuBusy.parse("cpu 1 2").isEmpty());
        assertTrue(CpuBusy.procStat().isPresent(), "this Linux machine has /proc/stat");
    }
}
