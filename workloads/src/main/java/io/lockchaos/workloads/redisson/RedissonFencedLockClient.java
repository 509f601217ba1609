package io.lockchaos.workloads.redisson;

import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.FencingTokens;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.GrantWatch;
import io.lockchaos.workloads.lock.LockClient;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.redisson.RedissonFencedLock;
import org.redisson.api.RFencedLock;

/**
 * {@code redisson-fenced}: {@code RFencedLock.tryLockAndGetToken(wait, unit)}, the watchdog as
 * for {@code redisson}, and the token Redisson hands out with each grant: an {@code INCR} of
 * {@code redisson_lock_token:{<key>}} in the same script and the same Redis as the lock's key.
 * The tokens grow per lock name while that Redis keeps its writes; a restart without persistence
 * or a failover to a replica that missed the INCR hands out smaller ones again.
 *
 * <p>{@code RFencedLock} offers the call only for the calling thread; its implementation class,
 * {@link RedissonFencedLock}, has the thread-id variant this client uses (see {@link RedissonCalls}).
 */
final class RedissonFencedLockClient implements LockClient, FencingTokens {

    private static final long WATCHDOG = -1;

    private final RedissonCalls calls;

    RedissonFencedLockClient(RedissonCalls calls) {
        this.calls = calls;
    }

    @Override
    public String backend() {
        return "redisson-fenced";
    }

    @Override
    public String tokenOrigin() {
        return "redisson INCR";
    }

    @Override
    public Acquisition acquire(String lock, Duration timeout) {
        RFencedLock fenced = calls.client().getFencedLock(RedissonCalls.key(lock));
        if (!(fenced instanceof RedissonFencedLock impl)) {
            throw new WorkloadException("redisson-fenced: getFencedLock gave a " + fenced.getClass().getName()
                    + ", not Redisson's RedissonFencedLock, whose thread-id call this client needs");
        }
        long owner = calls.owner();
        long started = System.nanoTime();
        Long token = calls.acquired(lock,
                impl.tryLockAndGetTokenAsync(timeout.toMillis(), WATCHDOG, TimeUnit.MILLISECONDS, owner), timeout,
                late -> calls.giveBack(fenced, owner, late != null));
        if (token == null) {
            return Acquisition.refused("timeout");
        }
        return Acquisition.granted(new Grant(lock, OptionalLong.of(token), Optional.empty(), started, GrantWatch.NEVER,
                () -> calls.released(fenced, owner)));
    }


    @Override
    public void close() {
        calls.close();
    }
}
