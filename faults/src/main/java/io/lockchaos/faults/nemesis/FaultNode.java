package io.lockchaos.faults.nemesis;

/**
 * A node the nemesis can name. What can be done to it is told by the capability interfaces
 * it also implements ({@link Pausable}, {@link Killable}, {@link ClockSkewable},
 * {@link Partitionable}); a node implementing none of them (the ledger's storage) is left alone.
 */
public interface FaultNode {

    /** The node's name in fault lines and histories: {@code redis-1}, {@code zk-2}. */
    String name();
}
