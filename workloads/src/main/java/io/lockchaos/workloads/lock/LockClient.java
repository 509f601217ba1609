package io.lockchaos.workloads.lock;

import java.time.Duration;

/**
 * A distributed lock client. One worker uses one client from one thread; a client may hold
 * several locks by name. Closing it ends its session or connections and is idempotent: a
 * session-based lock (ZooKeeper) is then free at once, while a lease-based one (Redis) stays
 * held until its lease runs out, as when a real client process dies.
 */
public interface LockClient extends AutoCloseable {

    /** The backend name this client was built from ({@code redis-naive}, {@code curator}, ...). */
    String backend();

    /**
     * Tries to acquire {@code lock} for at most about {@code timeout}. Throws (any unchecked
     * exception) when the outcome is unknown, e.g. a request timed out on the wire.
     */
    Acquisition acquire(String lock, Duration timeout);

    /**
     * Releases {@code grant}. Returns true when the client released a lock it still held,
     * false when it is certain it held nothing any more (the lease had expired, another client
     * owns it). Throws when the outcome is unknown. By default the grant's own
     * {@link Grant#handle()} releases it, which is what every built-in client does.
     */
    default boolean release(Grant grant) {
        return grant.handle().release();
    }

    @Override
    void close();
}
