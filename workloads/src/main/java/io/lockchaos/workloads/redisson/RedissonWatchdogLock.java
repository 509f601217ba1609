package io.lockchaos.workloads.redisson;

import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.GrantWatch;
import io.lockchaos.workloads.lock.LockClient;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.redisson.api.RLock;

/**
 * {@code redisson}: {@code RLock.tryLock(wait, unit)}, no lease time, so Redisson's watchdog
 * re-arms the key's expiry ({@code lockWatchdogTimeout}, the config's TTL) every third of it
 * while the client runs and the grant is not released. Hence no {@code LeaseExpiry}: a grant
 * lasts as long as its holder's JVM renews it. A holder that stops renewing (paused, starved) loses
 * the key after at most the watchdog timeout and is not told.
 */
class RedissonWatchdogLock implements LockClient {

    /** Redisson's lease time meaning "none: the watchdog renews". */
    private static final long WATCHDOG = -1;

    private final RedissonCalls calls;
    private final String backend;
    private final Optional<Duration> lease;

    RedissonWatchdogLock(RedissonCalls calls) {
        this(calls, "redisson", Optional.empty());
    }

    /** The same lock with a lease time instead of the watchdog ({@link RedissonLeaseLock}). */
    RedissonWatchdogLock(RedissonCalls calls, String backend, Optional<Duration> lease) {
        this.calls = calls;
        this.backend = backend;
        this.lease = lease;
    }

    @Override
    public String backend() {
        return backend;
    }

    @Override
    public Acquisition acquire(String lock, Duration timeout) {
        RLock rlock = calls.client().getLock(RedissonCalls.key(lock));
        long owner = calls.owner();
        long started = System.nanoTime();
        long leaseMillis = lease.map(Duration::toMillis).orElse(WATCHDOG);
        boolean granted = calls.acquired(lock, rlock.tryLockAsync(timeout.toMillis(), leaseMillis, TimeUnit.MILLISECONDS,
                owner), timeout, late -> calls.giveBack(rlock, owner, late));
        if (!granted) {
            return Acquisition.refused("timeout");
        }
        return Acquisition.granted(new Grant(lock, OptionalLong.empty(), lease, started, GrantWatch.NEVER,
                () -> calls.released(rlock, owner)));
    }


    @Override
    public void close() {
        calls.close();
    }
}
