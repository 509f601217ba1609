package io.lockchaos.harness.run;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import sun.misc.Signal;

/**
 * Ctrl-C (SIGINT) and SIGTERM close a run <em>before</em> the JVM's exit begins. Left to the
 * JVM, both start every shutdown hook at once, in no set order: the run's (heal every fault,
 * stop and remove the workers), the cluster's (remove its containers and network) and
 * Testcontainers' own (with Ryuk off it prunes every container and network this JVM started).
 * The run then healed nodes that were being removed under it ("healing on close failed: ...
 * No such container") and worker starts in flight lost their network (Testcontainers'
 * {@code NotFoundException: network ... not found}). With these handlers the run's close runs
 * whole first, and only then does the JVM exit, with 128 + the signal's number as a shell
 * reports it (130, 143); the hooks then find nothing left to remove.
 * <p>
 * The handlers are the JDK's own signal API ({@code jdk.unsupported}'s {@code sun.misc.Signal},
 * exported for exactly this); one run at a time is registered ({@link #closeFirst}).
 */
public final class ExitSignals {

    private static final AtomicReference<Runnable> CLOSE = new AtomicReference<>();
    private static final CountDownLatch CLOSED = new CountDownLatch(1);
    private static final AtomicReference<Integer> EXIT = new AtomicReference<>();
    private static boolean installed;

    private ExitSignals() {
    }

    /** On SIGINT or SIGTERM, runs {@code close} before the JVM exits; the last one registered counts. */
    static synchronized void closeFirst(Runnable close) {
        CLOSE.set(close);
        if (!installed) {
            for (String name : new String[] {"INT", "TERM"}) {
                try {
                    Signal.handle(new Signal(name), ExitSignals::onSignal);
                } catch (IllegalArgumentException notHere) {
                    // The JVM's own handling stays (the shutdown hooks still close the run).
                }
            }
            installed = true;
        }
    }

    /** Forgets {@code close} once it has run as it normally does. */
    static void forget(Runnable close) {
        CLOSE.compareAndSet(close, null);
    }

    private static void onSignal(Signal signal) {
        int code = 128 + signal.getNumber();
        if (!EXIT.compareAndSet(null, code)) {
            return; // a second Ctrl-C while closing: the first one's close goes on
        }
        try {
            Runnable close = CLOSE.getAndSet(null);
            if (close != null) {
                close.run();
            }
        } finally {
            CLOSED.countDown();
            System.exit(code);
        }
    }

    /**
     * The exit code a signal's close chose, once that close has ended (waited for), else
     * {@code code}: the command's own exit must not begin the JVM's exit under a close in progress.
     */
    public static int exitCode(int code) {
        if (EXIT.get() == null) {
            return code;
        }
        try {
            CLOSED.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return EXIT.get();
    }
}
