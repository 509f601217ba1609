package io.lockchaos.workloads.shedlock;

import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.spring.SpringRedisConnection;
import java.time.Duration;
import net.javacrumbs.shedlock.provider.redis.spring.RedisLockProvider;

/**
 * {@code shedlock-redis}: ShedLock's {@link RedisLockProvider} as an application builds it
 * ({@code new RedisLockProvider.Builder(connectionFactory).safeUpdate(...).build()}, {@code safeUpdate}
 * off unless option {@code safe-update} is true), one {@code SET NX PX} per attempt
 * ({@link ShedLockProviderLock} repeats it until the timeout).
 *
 * <p>By default (no {@code safeUpdate}) its unlock is an unconditional {@code DEL} of the key, so
 * a holder whose lease ran out deletes its successor's key (ShedLock #2583); with
 * {@code safeUpdate} it is PR #2584's compare-and-delete on the grant's value, whose answer
 * ShedLock drops. Either way it cannot tell a live grant from a lost one.
 */
public final class ShedLockRedisLock extends ShedLockProviderLock {

    private final SpringRedisConnection redis;

    /**
     * @param safeUpdate ShedLock's {@code safeUpdate}: unlock by compare-and-delete instead of a plain DEL
     * @param lockAtLeastFor ShedLock's {@code lockAtLeastFor}: its unlock then shortens the key's TTL to
     *     that moment instead of deleting the key
     */
    public ShedLockRedisLock(Address master, Duration lockAtMostFor, Duration lockAtLeastFor, Duration timeout,
                             boolean safeUpdate) {
        this(new SpringRedisConnection(master, timeout), lockAtMostFor, lockAtLeastFor, safeUpdate);
    }

    private ShedLockRedisLock(SpringRedisConnection redis, Duration lockAtMostFor, Duration lockAtLeastFor,
                              boolean safeUpdate) {
        super(new RedisLockProvider.Builder(redis.factory()).safeUpdate(safeUpdate).build(), lockAtMostFor,
                lockAtLeastFor, () -> { }, false);
        this.redis = redis;
    }

    @Override
    public String backend() {
        return "shedlock-redis";
    }

    @Override
    public void close() {
        redis.close();
    }
}
