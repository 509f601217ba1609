package io.lockchaos.workloads.spring;

import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.LeaseExpiry;
import io.lockchaos.workloads.lock.LockClient;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.concurrent.locks.Lock;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.integration.redis.util.RedisLockRegistry;

/**
 * {@code spring-redis}: Spring Integration's {@link RedisLockRegistry}, one per client, with
 * {@code expireAfter} = the TTL and its defaults otherwise (spin lock, 100 ms between tries, no
 * renewal). Acquire is {@code obtain(name).tryLock(timeout)}; release is {@code unlock()},
 * mapped by {@link SpringUnlock}. The registry's lock is a {@link Lock} over a thread-bound
 * {@code ReentrantLock}: acquire and release must run on one thread, as the worker loop does.
 * The worker's threads share the one registry (option {@code cache-capacity} sets its local
 * cache's size); when that cache is full of locks held here, {@code obtain} throws
 * {@code CannotAcquireLockException}, a certain refusal ({@code :cache-full}).
 *
 * <p>A {@code tryLock} that answers false either never got the local lock or had every
 * attempt's script answer that another client's id holds the key: it holds nothing, so the
 * refusal is certain. One that throws (a command timed out) may have set the key: unknown. The
 * lease is the TTL counted from before {@code tryLock}: the key's expiry cannot start earlier.
 */
public final class SpringRedisLock implements LockClient, LeaseExpiry {

    /** The registry's key prefix: keys are {@code lock:<name>}, as for the other Redis locks. */
    static final String REGISTRY_KEY = "lock";

    private final SpringRedisConnection redis;
    private final RedisLockRegistry registry;
    private final Duration expireAfter;
    private boolean closed;

    /** @param cacheCapacity the registry's {@code cacheCapacity}; empty: its default (100 000) */
    public SpringRedisLock(Address master, Duration expireAfter, Duration timeout, OptionalInt cacheCapacity) {
        this.redis = new SpringRedisConnection(master, timeout);
        this.registry = new RedisLockRegistry(redis.factory(), REGISTRY_KEY, expireAfter);
        cacheCapacity.ifPresent(registry::setCacheCapacity);
        this.expireAfter = expireAfter;
    }

    @Override
    public String backend() {
        return "spring-redis";
    }

    @Override
    public Duration ttl() {
        return expireAfter;
    }

    @Override
    public Acquisition acquire(String lock, Duration timeout) {
        Lock held;
        try {
            held = registry.obtain(lock);
        } catch (CannotAcquireLockException full) {
            // Its local cache is full of locks held in this process: obtain evicts only locks not
            // held here (spring-integration#11044, fixed by PR #11181), and refuses the new one
            // before any Redis call.
            return Acquisition.refused("cache full");
        }
        return SpringTryLock.acquire(held, lock, timeout, expireAfter);
    }


    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            registry.destroy();
        } finally {
            redis.close();
        }
    }
}
