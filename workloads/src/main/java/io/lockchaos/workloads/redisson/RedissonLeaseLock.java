package io.lockchaos.workloads.redisson;

import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.GrantWatch;
import io.lockchaos.workloads.lock.LeaseExpiry;
import io.lockchaos.workloads.lock.LockClient;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.redisson.api.RLock;

/**
 * {@code redisson-lease}: {@code RLock.tryLock(wait, leaseTime, unit)} with the config's TTL as
 * the lease: no watchdog, the key expires {@code leaseTime} after the grant whatever the holder
 * does. The lease is counted from just before the call (the key's expiry is set later, when
 * Redis runs the script, so the key outlives the lease the client believes).
 */
final class RedissonLeaseLock implements LockClient, LeaseExpiry {

    private final RedissonCalls calls;
    private final Duration lease;

    RedissonLeaseLock(RedissonCalls calls, Duration lease) {
        this.calls = calls;
        this.lease = lease;
    }

    @Override
    public String backend() {
        return "redisson-lease";
    }

    @Override
    public Duration ttl() {
        return lease;
    }

    @Override
    public Acquisition acquire(String lock, Duration timeout) {
        RLock rlock = calls.client().getLock(RedissonCalls.key(lock));
        long owner = calls.owner();
        long started = System.nanoTime();
        boolean granted = calls.acquired(lock,
                rlock.tryLockAsync(timeout.toMillis(), lease.toMillis(), TimeUnit.MILLISECONDS, owner), timeout,
                late -> calls.giveBack(rlock, owner, late));
        if (!granted) {
            return Acquisition.refused("timeout");
        }
        return Acquisition.granted(new Grant(lock, OptionalLong.empty(), Optional.of(lease), started, GrantWatch.NEVER,
                () -> calls.released(rlock, owner)));
    }

    @Override
    public boolean release(Grant grant) {
        return grant.handle().release();
    }

    @Override
    public void close() {
        calls.close();
    }
}
