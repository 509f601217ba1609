package io.lockchaos.faults.nemesis;

/**
 * A worker that can be asked to hold still right after its next read under a grant, and to say
 * so, so that a pause from outside lands inside a critical section too short to catch
 * otherwise. The pause and its heal are {@link Pausable}'s.
 */
public interface HoldsAtRead extends Pausable {

    /** Arms it: the worker holds still after its next read under a grant, if one comes within its arming time. */
    void holdAtNextRead();
}
