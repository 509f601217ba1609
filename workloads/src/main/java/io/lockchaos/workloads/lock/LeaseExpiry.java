package io.lockchaos.workloads.lock;

import java.time.Duration;

/**
 * A capability: a grant expires on the server after a TTL even if its holder never releases
 * it (Redis {@code PX}). A holder paused past it no longer holds the lock but does not know.
 */
public interface LeaseExpiry {

    Duration ttl();
}
