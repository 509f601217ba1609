package io.lockchaos.workloads.shedlock;

import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.GrantWatch;
import io.lockchaos.workloads.lock.LeaseExpiry;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.lock.WallClock;
import io.lockchaos.workloads.redis.RetryDelay;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import net.javacrumbs.shedlock.core.ClockProvider;
import net.javacrumbs.shedlock.core.LockConfiguration;
import net.javacrumbs.shedlock.core.LockProvider;
import net.javacrumbs.shedlock.core.SimpleLock;

/**
 * A ShedLock {@link LockProvider} as a lock client, whatever stores its locks. ShedLock does not
 * wait for a lock: {@code lock(...)} is one attempt with {@code lockAtMostFor} = the TTL and
 * {@code lockAtLeastFor} = 0; this client repeats it after a random 10–20 ms until the timeout.
 * Every attempt answered "taken" is a certain refusal; an attempt that throws leaves the outcome
 * unknown. The lease is {@code lockAtMostFor} from before the successful attempt.
 *
 * <p>The grant carries the client's wall clock when it asked (the {@link LockConfiguration}'s
 * creation time) and when the grant came back and, where the provider writes it by that clock,
 * the lease's end it wrote ({@code getLockAtMostUntil()}: ShedLock's statements bind it as
 * {@code lock_until}; the {@code :now} they compare with is read between the two).
 *
 * <p>Release is {@link SimpleLock#unlock()}, which returns nothing: a release that returns is
 * reported as released ({@link #release} never answers false); one that throws is unknown.
 */
abstract class ShedLockProviderLock implements LockClient, LeaseExpiry {

    private static final long RETRY_MILLIS = 10;

    private final LockProvider provider;
    private final Duration lockAtMostFor;
    private final Duration lockAtLeastFor;
    private final Runnable afterFailure;
    private final boolean writesClientTime;

    /**
     * @param lockAtLeastFor ShedLock's {@code lockAtLeastFor}: an unlock before then keeps the lock until then
     * @param afterFailure run when a call of the provider threw (a JDBC client drops its connection)
     * @param writesClientTime whether the provider writes {@code lockAtMostUntil} by the client's
     *     clock as the lease's end (false: the server computes it, or the store keeps a TTL instead)
     */
    ShedLockProviderLock(LockProvider provider, Duration lockAtMostFor, Duration lockAtLeastFor, Runnable afterFailure,
                         boolean writesClientTime) {
        if (lockAtLeastFor.isNegative() || lockAtLeastFor.compareTo(lockAtMostFor) > 0) {
            throw new IllegalArgumentException("lockAtLeastFor " + lockAtLeastFor.toMillis() + " ms: 0 to lockAtMostFor ("
                    + lockAtMostFor.toMillis() + " ms)");
        }
        this.provider = provider;
        this.lockAtMostFor = lockAtMostFor;
        this.lockAtLeastFor = lockAtLeastFor;
        this.afterFailure = afterFailure;
        this.writesClientTime = writesClientTime;
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
            java.time.Instant now = ClockProvider.now();
            LockConfiguration asked = new LockConfiguration(now, lock, lockAtMostFor, lockAtLeastFor);
            Optional<SimpleLock> taken = failing(() -> provider.lock(asked));
            if (taken.isPresent()) {
                SimpleLock held = taken.get();
                WallClock wall = new WallClock(now, ClockProvider.now(),
                        writesClientTime ? Optional.of(asked.getLockAtMostUntil()) : Optional.empty());
                return Acquisition.granted(new Grant(lock, OptionalLong.empty(), Optional.of(lockAtMostFor), started,
                        GrantWatch.NEVER, () -> failing(() -> {
                            held.unlock();
                            return true;
                        }), Optional.of(wall)));
            }
            if (System.nanoTime() >= deadline || Thread.currentThread().isInterrupted()) {
                return Acquisition.refused("timeout");
            }
            RetryDelay.backOff(RETRY_MILLIS, deadline);
        }
    }

    private <T> T failing(java.util.function.Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            afterFailure.run();
            throw e;
        }
    }

}
