package io.lockchaos.history.ops;

/**
 * What a lock does when the process that holds it asks for it again: the one word the lock
 * backends declare (workloads' {@code LockBackend}) and the lock checks read, so a reentrant
 * lock is checked against a reentrant mutex and a lock that is not against the plain one.
 */
public enum Reentrancy {
    /**
     * Not reentrant (or not declared so): a second grant to the holder is a second grant of a
     * held lock, which the plain mutex calls impossible.
     */
    NONE("none"),
    /**
     * Reentrant with one token per hold: the holder asking again is granted at once, with the
     * token of the grant it holds, and must release once per grant; the last release frees the
     * lock (Hazelcast's {@code FencedLock}: the same fence, a count on the CP group).
     */
    SAME_TOKEN("same-token");

    private final String id;

    Reentrancy(String id) {
        this.id = id;
    }

    /** How documentation and messages name it: {@code same-token}. */
    public String id() {
        return id;
    }

    /** Whether the holder may be granted the lock again while it holds it. */
    public boolean reentrant() {
        return this != NONE;
    }
}
