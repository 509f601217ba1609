package io.lockchaos.workloads.lock;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A lock the client believes it holds.
 *
 * @param lock the lock's name
 * @param token the fencing token, when the lock (or a token source) gives one
 * @param lease how long, from {@code acquiredAt}, the client believes the grant is valid
 *     (Redis: the TTL; Redlock: TTL minus elapsed time minus drift); empty when it lasts until
 *     released or until the session ends (ZooKeeper)
 * @param acquiredAt {@link System#nanoTime()} when the client took the lock (for Redlock,
 *     when it started asking, as the algorithm counts)
 * @param watch whether the client has learned that the grant is definitely lost
 * @param handle what the backend needs to release it
 * @param wall the client's wall clock and the lease's end it wrote, for a lock that reckons its
 *     lease by the client's clock and says so (ShedLock's); empty for the others
 * @param lockKey the key the lock service keeps for this grant, for a store that guards by it
 *     (etcd's; {@code guarded} storage); empty for the others
 */
public record Grant(String lock, OptionalLong token, Optional<Duration> lease, long acquiredAt,
                   GrantWatch watch, ReleaseHandle handle, Optional<WallClock> wall, Optional<LockKey> lockKey) {

    public Grant {
        Objects.requireNonNull(wall, "wall");
        Objects.requireNonNull(lockKey, "lockKey");
        Objects.requireNonNull(lock, "lock");
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(lease, "lease");
        Objects.requireNonNull(watch, "watch");
        Objects.requireNonNull(handle, "handle");
    }

    /** A grant that says nothing of the client's wall clock. */
    public Grant(String lock, OptionalLong token, Optional<Duration> lease, long acquiredAt,
                 GrantWatch watch, ReleaseHandle handle) {
        this(lock, token, lease, acquiredAt, watch, handle, Optional.empty(), Optional.empty());
    }

    /** A grant with the client's wall clock and no lock key. */
    public Grant(String lock, OptionalLong token, Optional<Duration> lease, long acquiredAt,
                 GrantWatch watch, ReleaseHandle handle, Optional<WallClock> wall) {
        this(lock, token, lease, acquiredAt, watch, handle, wall, Optional.empty());
    }

    /** The same grant carrying {@code newToken}. */
    public Grant withToken(long newToken) {
        return new Grant(lock, OptionalLong.of(newToken), lease, acquiredAt, watch, handle, wall, lockKey);
    }

    /** Whether the client knows the grant is lost and must not act under it. */
    public boolean lost() {
        return watch.definitelyLost();
    }

    /** Whether the lease the client believed in has run out by {@code nanoTime}. */
    public boolean leaseOver(long nanoTime) {
        return lease.isPresent() && nanoTime - acquiredAt >= lease.get().toNanos();
    }
}
