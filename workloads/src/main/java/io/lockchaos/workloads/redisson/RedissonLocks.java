package io.lockchaos.workloads.redisson;

import io.lockchaos.workloads.lock.HostMapper;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.lock.LockConfig;

/**
 * Opens the three Redisson lock clients, each on a {@code RedissonClient} of its own
 * ({@link RedissonConnections}); the factories of {@code redisson}, {@code redisson-lease} and
 * {@code redisson-fenced} in {@link io.lockchaos.workloads.backend.LockBackends}.
 */
public final class RedissonLocks {

    private RedissonLocks() {
    }

    /** {@code redisson}: the watchdog lock; the config's TTL is {@code lockWatchdogTimeout}. */
    public static LockClient watchdog(LockConfig config, HostMapper hosts) {
        return new RedissonWatchdogLock(calls(config, hosts));
    }

    /** {@code redisson-lease}: the lock with a lease time, the config's TTL. */
    public static LockClient lease(LockConfig config, HostMapper hosts) {
        return new RedissonLeaseLock(calls(config, hosts), config.ttl());
    }

    /** {@code redisson-fenced}: the fenced lock with the watchdog; tokens of its own. */
    public static LockClient fenced(LockConfig config, HostMapper hosts) {
        return new RedissonFencedLockClient(calls(config, hosts));
    }

    private static RedissonCalls calls(LockConfig config, HostMapper hosts) {
        return new RedissonCalls(RedissonConnections.open(config, hosts), config.sessionTimeout());
    }
}
