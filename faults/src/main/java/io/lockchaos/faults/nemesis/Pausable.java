package io.lockchaos.faults.nemesis;

/** A node whose process can be frozen (SIGSTOP) and thawed (SIGCONT) from outside. */
public interface Pausable extends FaultNode {

    void pause();

    /** Thaws the process; harmless when it is not paused. */
    void resume();

    /** Whether the process is stopped right now (asked of the node, not remembered). */
    boolean isPaused();
}
