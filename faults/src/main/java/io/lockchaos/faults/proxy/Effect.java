package io.lockchaos.faults.proxy;

/**
 * One toxic at work on one link (one direction of one connection). Created when the toxic meets
 * the link, either when the connection opens or when the toxic is added; it keeps the per-link
 * state (bytes counted, pacing, timers). Methods other than the lifecycle ones run on the link's
 * pump thread only.
 */
interface Effect {

    /** Handles one chunk; hands data on through {@code next}, possibly after waiting. */
    void onChunk(Chunk chunk, Flow next);

    /** Handles the end of the stream; normally hands it on. */
    void onEnd(Flow next);

    /**
     * The toxic's attributes changed. Returns the effect to use from now on; by default a fresh
     * one (Toxiproxy restarts a toxic when it is updated), after cancelling this one's timers.
     */
    default Effect reconfigure(Toxic updated, LinkControl link) {
        cancel();
        return updated.start(link);
    }

    /** The toxic was removed from the proxy while this link was open. */
    default void onRemoved() {
        cancel();
    }

    /** Stops this effect's timers: it has been replaced or its connection is closing. */
    default void cancel() {
    }
}
