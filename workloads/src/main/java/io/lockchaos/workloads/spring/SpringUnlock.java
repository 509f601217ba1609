package io.lockchaos.workloads.spring;

import java.util.ConcurrentModificationException;

/**
 * What {@code RedisLockRegistry}'s {@code unlock()} tells, as the lock SPI's release outcome.
 * Its compare-and-delete (the registry's client id against the key's value) either deletes the
 * key, or finds it no longer the registry's and throws {@link ConcurrentModificationException}
 * "Lock was released in the store due to expiration...": the only answer that is certain the
 * lock was not held any more. Anything else it throws (a Redis command timed out, the calling
 * thread does not hold the local lock) leaves the key's state unknown and is rethrown.
 */
final class SpringUnlock {

    /** How Spring Integration 7.2's message for a key that expired (or was taken over) begins. */
    static final String EXPIRED = "Lock was released in the store due to expiration";

    private SpringUnlock() {
    }

    /** Runs {@code unlock}: true when it deleted the key, false when the key was no longer ours; throws when unknown. */
    static boolean released(Runnable unlock) {
        try {
            unlock.run();
            return true;
        } catch (ConcurrentModificationException e) {
            if (e.getMessage() != null && e.getMessage().startsWith(EXPIRED)) {
                return false;
            }
            throw e;
        }
    }
}
