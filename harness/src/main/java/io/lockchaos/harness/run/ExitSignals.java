package io.lockchaos.harness.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
 * Every run under way is registered ({@link #closeFirst}), several when they run side by side:
 * a signal closes them all at once, each on a thread of its own, and the JVM exits once every
 * one has closed (a run registered while they close is closed too) and the command has said how
 * it ended (its {@link #exitCode} call; at most {@link #LAST_WORDS_MS} later: before, the exit
 * cut off {@code matrix}'s "matrix stopped" line). Once a signal came,
 * {@link #exiting()} is true and {@link SideBySide} starts no further run.
 * <p>
 * The handlers are the JDK's own signal API ({@code jdk.unsupported}'s {@code sun.misc.Signal},
 * exported for exactly this).
 */
public final class ExitSignals {

    private static final Set<Runnable> CLOSES = ConcurrentHashMap.newKeySet();
    private static final CountDownLatch CLOSED = new CountDownLatch(1);
    /** Counted down once the command has returned its exit code ({@link #exitCode}). */
    private static final CountDownLatch COMMAND_ENDED = new CountDownLatch(1);
    /**
     * How long a signal's exit waits, once every run has closed, for the command to end: it says
     * how it ended ("matrix stopped ..."), and a command stuck past this exits all the same.
     */
    private static final long LAST_WORDS_MS = 5_000;
    private static final AtomicReference<Integer> EXIT = new AtomicReference<>();
    private static boolean installed;

    private ExitSignals() {
    }

    /** On SIGINT or SIGTERM, runs {@code close} before the JVM exits, beside every other close registered. */
    static synchronized void closeFirst(Runnable close) {
        CLOSES.add(close);
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
        CLOSES.remove(close);
    }

    /** Whether a SIGINT or SIGTERM came: the runs under way are closing and the JVM exits after them. */
    public static boolean exiting() {
        return EXIT.get() != null;
    }

    private static void onSignal(Signal signal) {
        int code = 128 + signal.getNumber();
        if (!EXIT.compareAndSet(null, code)) {
            return; // a second Ctrl-C while closing: the first one's closes go on
        }
        try {
            closeAll();
        } finally {
            CLOSED.countDown();
            awaitCommand();
            System.exit(code);
        }
    }

    /** Waits, at most {@link #LAST_WORDS_MS}, for the command to return its exit code after its runs closed. */
    private static void awaitCommand() {
        try {
            COMMAND_ENDED.await(LAST_WORDS_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Runs every registered close at once and waits for them, again while more were registered meanwhile. */
    static void closeAll() {
        while (!CLOSES.isEmpty()) {
            List<Thread> closing = new ArrayList<>();
            for (Runnable close : List.copyOf(CLOSES)) {
                CLOSES.remove(close);
                Thread t = new Thread(close, "lockchaos-close-on-signal");
                t.start();
                closing.add(t);
            }
            for (Thread t : closing) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /**
     * The exit code a signal's close chose, once that close has ended (waited for), else
     * {@code code}: the command's own exit must not begin the JVM's exit under a close in progress.
     * Called as the command has ended: a signal's exit, which waits for this, may go on.
     */
    public static int exitCode(int code) {
        Integer signalled = EXIT.get();
        if (signalled != null) {
            try {
                CLOSED.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        COMMAND_ENDED.countDown();
        return signalled == null ? code : signalled;
    }
}
