package io.lockchaos.workloads.lock;

/** What an acquire came to: a grant, or no grant with or without certainty. */
public sealed interface Acquisition {

    /** The lock is held, as far as the client knows. */
    record Granted(Grant grant) implements Acquisition {
    }

    /**
     * No grant within the timeout.
     *
     * @param certain true when the client is sure it holds nothing (every attempt was refused
     *     or undone), so the acquire certainly had no effect: a {@code :fail}; false when an
     *     attempt may have left the lock held for it (a {@code :info})
     * @param reason what happened, for the history's {@code :error}
     */
    record NotGranted(boolean certain, String reason) implements Acquisition {
    }

    static Acquisition granted(Grant grant) {
        return new Granted(grant);
    }

    static Acquisition refused(String reason) {
        return new NotGranted(true, reason);
    }

    static Acquisition unknown(String reason) {
        return new NotGranted(false, reason);
    }
}
