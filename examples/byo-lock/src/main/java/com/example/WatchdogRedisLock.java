package com.example;

import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.GrantWatch;
import io.lockchaos.workloads.lock.LeaseExpiry;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.lock.LockConfig;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.SetParams;

/**
 * A Redis lock with a lease-renewal watchdog, the way Redisson does it: take the lock with
 * {@code SET lock NX PX ttl}; while it is held, a daemon thread pushes the expiry back to a full
 * TTL every TTL/3 with a compare-and-pexpire script; release by compare-and-delete. The holder
 * may keep the lock as long as it likes, and a crashed holder's lock expires after one TTL.
 *
 * <p>What the watchdog cannot do: keep running while its whole process is frozen (a GC pause,
 * SIGSTOP). The key then expires, another client takes the lock, and the holder wakes up still
 * believing it holds it.
 */
public final class WatchdogRedisLock implements LockClient, LeaseExpiry {

    /** Pushes the expiry back only if the key still holds our value; 1 if it did. */
    private static final String RENEW = "if redis.call('GET', KEYS[1]) == ARGV[1] then "
            + "return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0";
    /** Deletes the key only if it still holds our value; 1 if it did. */
    private static final String UNLOCK = "if redis.call('GET', KEYS[1]) == ARGV[1] then "
            + "return redis.call('DEL', KEYS[1]) end return 0";

    private final RedisClient redis;
    private final Duration ttl;
    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "lock-watchdog");
        thread.setDaemon(true);
        return thread;
    });

    /** The lockchaos worker calls this with the scenario's lock settings: nodes[0] is the Redis master. */
    public WatchdogRedisLock(LockConfig config) {
        Address master = config.addresses().get(0);
        int timeoutMillis = (int) config.sessionTimeout().toMillis();
        this.redis = RedisClient.builder()
                .hostAndPort(master.host(), master.port())
                .clientConfig(DefaultJedisClientConfig.builder()
                        .connectionTimeoutMillis(timeoutMillis).socketTimeoutMillis(timeoutMillis).build())
                .build();
        this.ttl = config.ttl();
    }

    @Override
    public String backend() {
        return "watchdog-redis";
    }

    @Override
    public Duration ttl() {
        return ttl;
    }

    @Override
    public Acquisition acquire(String lock, Duration timeout) {
        String key = "lock:" + lock;
        String value = UUID.randomUUID().toString();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long started = System.nanoTime();
            if ("OK".equals(redis.set(key, value, SetParams.setParams().nx().px(ttl.toMillis())))) {
                ScheduledFuture<?> renewal = startWatchdog(key, value);
                // The watchdog keeps the lease going: the client believes it holds the lock until it releases.
                return Acquisition.granted(new Grant(lock, OptionalLong.empty(), Optional.empty(), started,
                        GrantWatch.NEVER, () -> unlock(key, value, renewal)));
            }
            if (System.nanoTime() >= deadline) {
                return Acquisition.refused("timeout");
            }
            try {
                Thread.sleep(10 + ThreadLocalRandom.current().nextInt(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Acquisition.refused("interrupted");
            }
        }
    }

    private ScheduledFuture<?> startWatchdog(String key, String value) {
        long period = Math.max(1, ttl.toMillis() / 3);
        String ttlMillis = Long.toString(ttl.toMillis());
        return watchdog.scheduleAtFixedRate(() -> {
            try {
                if (!Long.valueOf(1).equals(redis.eval(RENEW, List.of(key), List.of(value, ttlMillis)))) {
                    // Someone else's key now, or none: stop renewing (throwing ends a fixed-rate task).
                    throw new IllegalStateException("lease of " + key + " lost");
                }
            } catch (JedisException e) {
                // Unreachable for now: try again at the next tick, while the key may still live.
            }
        }, period, period, TimeUnit.MILLISECONDS);
    }

    private boolean unlock(String key, String value, ScheduledFuture<?> renewal) {
        renewal.cancel(false);
        return Long.valueOf(1).equals(redis.eval(UNLOCK, List.of(key), List.of(value)));
    }

    @Override
    public boolean release(Grant grant) {
        return grant.handle().release();
    }

    @Override
    public void close() {
        watchdog.shutdownNow();
        redis.close();
    }
}
