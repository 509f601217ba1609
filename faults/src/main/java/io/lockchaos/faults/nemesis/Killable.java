package io.lockchaos.faults.nemesis;

/** A node whose server can be killed (SIGKILL) and started again, keeping its data volume. */
public interface Killable extends FaultNode {

    /** Kills the server at once; harmless when it is not running. */
    void kill();

    /**
     * Starts the server again and returns once it answers clients; harmless when it runs.
     * Returns the node's address for clients afterwards, which may have changed.
     */
    String start();

    /** Whether the server's container runs right now. */
    boolean isRunning();
}
