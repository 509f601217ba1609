package io.lockchaos.faults.nemesis;

/** A node whose server can be killed (SIGKILL) and started again, keeping its data volume. */
public interface Killable extends FaultNode {

    /** Kills the server at once; harmless when it is not running. */
    void kill();

    /**
     * Starts the server again and returns once it answers clients; harmless when it runs.
     * Returns the node's address for clients afterwards, which may have changed.
     */
    default String start() {
        launch();
        return awaitServing();
    }

    /** Starts the server's container again without waiting for it to serve; harmless when it runs. */
    void launch();

    /**
     * Returns once the launched server answers clients, with its address for clients, which may
     * have changed. Servers that serve only as a quorum (ZooKeeper, etcd, Hazelcast's CP group)
     * answer only once enough of them were launched, so a fault that starts several launches them
     * all before it waits for any.
     */
    String awaitServing();

    /** Whether the server's container runs right now. */
    boolean isRunning();
}
