package io.lockchaos.workloads.redisson;

import io.lockchaos.workloads.lock.LeaseExpiry;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code redisson-lease}: {@code RLock.tryLock(wait, leaseTime, unit)} with the config's TTL as
 * the lease: no watchdog, the key expires {@code leaseTime} after the grant whatever the holder
 * does. The lease is counted from just before the call (the key's expiry is set later, when
 * Redis runs the script, so the key outlives the lease the client believes). The watchdog lock's
 * calls with a lease time; this class only adds the {@code LeaseExpiry} capability.
 */
final class RedissonLeaseLock extends RedissonWatchdogLock implements LeaseExpiry {

    private final Duration lease;

    RedissonLeaseLock(RedissonCalls calls, Duration lease) {
        super(calls, "redisson-lease", Optional.of(lease));
        this.lease = lease;
    }

    @Override
    public Duration ttl() {
        return lease;
    }
}
