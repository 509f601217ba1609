package io.lockchaos.workloads.worker;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * A worker's way to be paused inside a critical section too short to catch from outside. A
 * SIGSTOP sent through the engine lands tens of milliseconds after the harness sees a holder's
 * read; by then a 20 ms critical section is over. (The worker cannot stop itself: it is its
 * container's PID 1, and the kernel drops a SIGSTOP sent to a PID namespace's init from inside
 * it.) So the harness sends {@value #SIGNAL} to arm the worker; right after its next read under
 * a grant, the worker prints {@value #MARK} on stderr and its thread holds still there (holding
 * the lock, the ledger read, nothing written) for up to {@link #HOLD_FOR} on the monotonic
 * clock, while the harness, seeing the line, sends the SIGSTOP from outside that pauses every
 * thread. Once continued the hold is long over and the worker goes on. One arming holds once,
 * and only within {@link #ARMED_FOR} of the signal, so a harness that gave up waiting is never
 * surprised by a late hold. Thread-safe: the signal arrives on a thread of its own.
 */
public final class HoldAtRead {

    /** The signal that arms it: {@code USR1} (HotSpot on Linux leaves it to the application). */
    public static final String SIGNAL = "USR1";
    /** How long an arming lasts; the harness waits no longer than this for the hold. */
    public static final Duration ARMED_FOR = Duration.ofSeconds(10);
    /** How long the thread holds still after the read, for the pause from outside to land. */
    public static final Duration HOLD_FOR = Duration.ofSeconds(2);
    /** The stderr line that says the worker holds still after a read: the harness's cue to pause it. */
    public static final String MARK = "lockchaos: holding after a read, to be paused";
    private static final long NOT_ARMED = Long.MIN_VALUE;

    private final AtomicLong armedAt = new AtomicLong(NOT_ARMED);
    private final LongSupplier nanos;
    private final PrintStream err;

    /**
     * @param nanos the monotonic clock ({@code System::nanoTime}); the hold is timed by it too
     * @param err where {@value #MARK} goes
     */
    HoldAtRead(LongSupplier nanos, PrintStream err) {
        this.nanos = nanos;
        this.err = err;
    }

    /**
     * One armed by {@value #SIGNAL} sent to this process. A JVM that refuses the handler (not
     * HotSpot) leaves it never armed, and says so on stderr: the harness then waits in vain and
     * reports that the worker never held.
     */
    static HoldAtRead install() {
        HoldAtRead hold = new HoldAtRead(System::nanoTime, System.err);
        try {
            sun.misc.Signal.handle(new sun.misc.Signal(SIGNAL), signal -> hold.arm());
        } catch (IllegalArgumentException refused) {
            System.err.println("worker: cannot handle SIG" + SIGNAL + " (" + refused.getMessage()
                    + "); a pause of holder-<lane> with a short critical section will not land");
        }
        return hold;
    }

    /** Arms it: the next {@link #afterRead} within {@link #ARMED_FOR} holds. */
    void arm() {
        armedAt.set(nanos.getAsLong());
    }

    /** Called right after a read under a grant completed: when armed, says so and holds still, once per arming. */
    void afterRead() {
        long at = armedAt.getAndSet(NOT_ARMED);
        if (at == NOT_ARMED || nanos.getAsLong() - at > ARMED_FOR.toNanos()) {
            return;
        }
        err.println(MARK);
        err.flush();
        long until = nanos.getAsLong() + HOLD_FOR.toNanos();
        for (long left = HOLD_FOR.toNanos(); left > 0; left = until - nanos.getAsLong()) {
            LockSupport.parkNanos(left);
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
        }
    }
}
