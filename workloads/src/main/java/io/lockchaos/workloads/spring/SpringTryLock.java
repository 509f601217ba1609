package io.lockchaos.workloads.spring;

import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.GrantWatch;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;

/**
 * A Spring Integration registry's lock ({@code RedisLockRegistry}, {@code JdbcLockRegistry})
 * taken with {@code tryLock(timeout)}: false is certain (the local lock or every store attempt
 * refused), a throw is unknown; the lease is the registry's TTL counted from before
 * {@code tryLock} (the stored expiry cannot start earlier); release is {@code unlock()} as
 * {@link SpringUnlock} maps it. The registry's local lock is thread-bound: acquire and release
 * run on one thread, as the worker loop does.
 */
final class SpringTryLock {

    private SpringTryLock() {
    }

    static Acquisition acquire(Lock held, String lock, Duration timeout, Duration ttl) {
        long started = System.nanoTime();
        try {
            if (!held.tryLock(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return Acquisition.refused("timeout");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Acquisition.unknown("interrupted");
        }
        return Acquisition.granted(new Grant(lock, OptionalLong.empty(), Optional.of(ttl), started,
                GrantWatch.NEVER, () -> SpringUnlock.released(held::unlock)));
    }
}
