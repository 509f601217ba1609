package io.lockchaos.faults.proxy;

/**
 * The rest of a link's chain as seen from one toxic: where it hands on data and the end of the
 * stream, and how it waits. Waits are cut short when the chain changes (a toxic is added, updated
 * or removed) or the connection closes; a toxic then passes on what it holds at once, as
 * Toxiproxy's toxics do when interrupted, so no data is dropped on the floor.
 */
interface Flow {

    /** Passes data to the next toxic, or writes it to the destination socket after the last. */
    void emit(Chunk chunk);

    /** Passes the end of the stream on. */
    void end();

    /**
     * Waits until {@link System#nanoTime()} reaches {@code deadlineNanos}.
     *
     * @return true if the deadline passed; false if the chain changed since the data entered it
     *     (before or during the wait)
     *     or the connection closed
     */
    boolean pauseUntil(long deadlineNanos);
}
