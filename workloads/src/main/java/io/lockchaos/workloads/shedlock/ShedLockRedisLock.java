package io.lockchaos.workloads.shedlock;

import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.GrantWatch;
import io.lockchaos.workloads.lock.LeaseExpiry;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.redis.RetryDelay;
import io.lockchaos.workloads.spring.SpringRedisConnection;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.core.SimpleLock;
import net.javacrumbs.shedlock.provider.redis.spring.RedisLockProvider;

/**
 * {@code shedlock-redis}: ShedLock's {@link RedisLockProvider} as an application builds it
 * ({@code new RedisLockProvider.Builder(connectionFactory).safeUpdate(...).build()}, {@code safeUpdate}
 * off unless option {@code safe-update} is true), with {@code lockAtMostFor} = the TTL and
 * {@code lockAtLeastFor} = 0. ShedLock does not wait for a lock: {@code lock(...)} is one
 * {@code SET NX PX}; this client retries it after a random 10–20 ms until the timeout, as
 * {@code redis-naive} does. Every attempt answered "taken" is a certain refusal; an attempt
 * that throws leaves the outcome unknown. The lease is {@code lockAtMostFor} from before the
 * successful attempt.
 *
 * <p>Release is {@link SimpleLock#unlock()}, which returns nothing: by default (no
 * {@code safeUpdate}) it is an unconditional {@code DEL} of the key, so a holder whose lease ran
 * out deletes its successor's key (ShedLock #2583); with {@code safeUpdate} it is PR #2584's
 * compare-and-delete on the grant's value, whose answer ShedLock drops. Either way it cannot
 * tell a live grant from a lost one, so a release that returns is reported as released
 * ({@link #release} never answers false); one that throws is unknown.
 */
public final class ShedLockRedisLock implements LockClient, LeaseExpiry {

    private static final long RETRY_MILLIS = 10;

    private final SpringRedisConnection redis;
    private final LockProvider provider;
    private final Duration lockAtMostFor;

    /** @param safeUpdate ShedLock's {@code safeUpdate}: unlock by compare-and-delete instead of a plain DEL */
    public ShedLockRedisLock(Address master, Duration lockAtMostFor, Duration timeout, boolean safeUpdate) {
        this.redis = new SpringRedisConnection(master, timeout);
        this.provider = new RedisLockProvider.Builder(redis.factory()).safeUpdate(safeUpdate).build();
        this.lockAtMostFor = lockAtMostFor;
    }

    @Override
    public String backend() {
        return "shedlock-redis";
    }

    @Override
    public Duration ttl() {
        return lockAtMostFor;
    }

    @Override
    public Acquisition acquire(String lock, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long started = System.nanoTime();
            Optional<SimpleLock> taken = provider.lock(
                    new LockConfiguration(ClockProvider.now(), lock, lockAtMostFor, Duration.ZERO));
            if (taken.isPresent()) {
                SimpleLock held = taken.get();
                return Acquisition.granted(new Grant(lock, OptionalLong.empty(), Optional.of(lockAtMostFor), started,
                        GrantWatch.NEVER, () -> {
                            held.unlock();
                            return true;
                        }));
            }
            if (System.nanoTime() >= deadline || Thread.currentThread().isInterrupted()) {
                return Acquisition.refused("timeout");
            }
            RetryDelay.backOff(RETRY_MILLIS, deadline);
        }
    }

    @Override
    public boolean release(Grant grant) {
        return grant.handle().release();
    }

    @Override
    public void close() {
        redis.close();
    }
}
