package io.lockchaos.cluster;

import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.NotFoundException;
import java.util.Arrays;

/**
 * With Ryuk off, Testcontainers removes the containers it started from a JVM shutdown hook of
 * its own. On Ctrl-C or SIGTERM that hook runs at the same time as lockchaos's own clean-up
 * (the run's and the cluster's hooks), which removes the same containers, and the hook that
 * loses the race dies with the engine's 409 ("removal ... already in progress") or 404: a stack
 * trace on the terminal that reads like a failure of the run. Ours is the clean-up that counts
 * (the next run removes what a killed one left), so that exception of that hook is not printed;
 * every other uncaught exception is, as before.
 */
final class ExitRace implements Thread.UncaughtExceptionHandler {

    private static final String REAPER = "org.testcontainers.utility.JVMHookResourceReaper";
    private static boolean installed;

    private final Thread.UncaughtExceptionHandler previous;

    private ExitRace(Thread.UncaughtExceptionHandler previous) {
        this.previous = previous;
    }

    /** Becomes the default handler of uncaught exceptions, once per JVM. */
    static synchronized void install() {
        if (!installed) {
            Thread.setDefaultUncaughtExceptionHandler(new ExitRace(Thread.getDefaultUncaughtExceptionHandler()));
            installed = true;
        }
    }

    @Override
    public void uncaughtException(Thread t, Throwable e) {
        if (lostTheRace(e)) {
            return;
        }
        if (previous != null) {
            previous.uncaughtException(t, e);
        } else {
            // What the JVM prints when no handler is set.
            System.err.print("Exception in thread \"" + t.getName() + "\" ");
            e.printStackTrace(System.err);
        }
    }

    /** Whether {@code e} is Testcontainers' exit hook finding a container already removed or being removed. */
    static boolean lostTheRace(Throwable e) {
        return (e instanceof ConflictException || e instanceof NotFoundException)
                && Arrays.stream(e.getStackTrace()).anyMatch(f -> f.getClassName().equals(REAPER));
    }
}
