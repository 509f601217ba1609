package io.lockchaos.workloads.redis;

import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.GrantWatch;
import io.lockchaos.workloads.lock.LeaseExpiry;
import io.lockchaos.workloads.lock.LockClient;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * The single-instance Redis lock ({@code redis-naive}, and {@code redis-sentinel} with a
 * master found through Sentinel): {@code SET lock:<name> <random> NX PX <ttl>}, retried after a
 * random 10–20 ms until the timeout; released by compare-and-delete. The lease is the TTL,
 * counted from just before the successful SET. An acquire that ran out of time with every SET
 * answered nil certainly holds nothing; a SET that throws leaves the outcome unknown.
 */
public final class NaiveRedisLock implements LockClient, LeaseExpiry {

    private static final long RETRY_MILLIS = 10;

    private final String backend;
    private final Supplier<RedisNode> master;
    private final Duration ttl;
    private final Runnable closer;

    /**
     * @param master the node to ask, looked up at each attempt (a fixed one, or Sentinel's)
     * @param closer what {@link #close()} runs: closes the connections
     */
    public NaiveRedisLock(String backend, Supplier<RedisNode> master, Duration ttl, Runnable closer) {
        this.backend = backend;
        this.master = master;
        this.ttl = ttl;
        this.closer = closer;
    }

    @Override
    public String backend() {
        return backend;
    }

    @Override
    public Duration ttl() {
        return ttl;
    }

    @Override
    public Acquisition acquire(String lock, Duration timeout) {
        String key = RedisLockScripts.key(lock);
        String value = RedisLockScripts.randomValue();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            RedisNode node = master.get();
            long started = System.nanoTime();
            if (RedisLockScripts.take(node, key, value, ttl.toMillis())) {
                return Acquisition.granted(new Grant(lock, OptionalLong.empty(), Optional.of(ttl), started,
                        GrantWatch.NEVER, () -> RedisLockScripts.giveBack(node, key, value)));
            }
            if (System.nanoTime() >= deadline || Thread.currentThread().isInterrupted()) {
                return Acquisition.refused("timeout");
            }
            RetryDelay.backOff(RETRY_MILLIS, deadline);
        }
    }


    @Override
    public void close() {
        closer.run();
    }
}
