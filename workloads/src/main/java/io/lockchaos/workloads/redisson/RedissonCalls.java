package io.lockchaos.workloads.redisson;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.redisson.api.RFuture;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;

/**
 * What the three Redisson lock clients share: the client, an owner id per grant, and waiting for
 * Redisson's futures under a bound.
 *
 * <p>Redisson answers an acquire with a result when every attempt was answered (granted, or
 * refused because another owner held the key until the wait ran out: certain) and fails the
 * future otherwise (unknown). That is the asynchronous call's behaviour; the synchronous
 * {@code RLock.tryLock(wait, lease, unit)} also returns false when a retried attempt timed out
 * waiting for its answer (it catches {@code RedisResponseTimeoutException}), so its false would
 * not be certain. Hence the thread-id variants of the asynchronous calls, with an owner id of
 * the grant's own.
 *
 * <p>A release is Redisson's unlock: it returns when the key held this owner (deleted), and fails
 * with {@link IllegalMonitorStateException} when the script found the key gone or another
 * owner's: certainly held nothing any more. Every other failure is unknown.
 */
final class RedissonCalls implements AutoCloseable {

    /** Beyond the wait: one attempt, the subscription, a last attempt, each at most a session timeout, and a second. */
    private static final int TIMEOUTS_PER_CALL = 3;

    private final RedissonClient client;
    private final Duration timeout;
    private final AtomicLong owners = new AtomicLong();

    RedissonCalls(RedissonClient client, Duration timeout) {
        this.client = client;
        this.timeout = timeout;
    }

    RedissonClient client() {
        return client;
    }

    /** The Redis key of lock {@code lock}, as for lockchaos's other Redis locks. */
    static String key(String lock) {
        return "lock:" + lock;
    }

    /** A new owner id: Redisson's "thread id" for one grant. */
    long owner() {
        return owners.incrementAndGet();
    }

    /**
     * The result of an acquire that may wait {@code wait}.
     *
     * @param undo run on the result if it arrives after this call gave up on it (a late grant
     *     must be given back, or Redisson's watchdog would keep it for ever)
     * @throws RedissonCallException when it failed or gave no answer in time: unknown
     */
    <T> T acquired(String lock, RFuture<T> call, Duration wait, Consumer<T> undo) {
        CompletableFuture<T> future = call.toCompletableFuture();
        try {
            return answer(future, wait);
        } catch (RedissonCallException e) {
            future.thenAccept(undo);
            throw new RedissonCallException("redisson: the acquire of " + lock + " has an unknown outcome", e);
        }
    }

    /** Releases {@code lock} held by {@code owner}: true released, false certainly held nothing; throws when unknown. */
    boolean released(RLock lock, long owner) {
        try {
            answer(lock.unlockAsync(owner).toCompletableFuture(), Duration.ZERO);
            return true;
        } catch (RedissonCallException e) {
            for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
                if (t instanceof IllegalMonitorStateException) {
                    return false;
                }
            }
            throw new RedissonCallException("redisson: the release of " + lock.getName() + " has an unknown outcome", e);
        }
    }

    /** Gives back a grant that came after its acquire was given up on; best effort, nothing waits for it. */
    void giveBack(RLock lock, long owner, boolean granted) {
        if (granted) {
            lock.unlockAsync(owner);
        }
    }

    private <T> T answer(CompletableFuture<T> future, Duration wait) {
        Duration bound = wait.plus(timeout.multipliedBy(TIMEOUTS_PER_CALL)).plusSeconds(1);
        try {
            return future.get(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new RedissonCallException("redisson: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new RedissonCallException("redisson: no answer within " + bound.toMillis() + " ms", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RedissonCallException("redisson: interrupted while waiting for an answer", e);
        }
    }

    /** Shuts the client down: its watchdog stops, its keys stay until they expire. Idempotent. */
    @Override
    public void close() {
        if (!client.isShutdown() && !client.isShuttingDown()) {
            client.shutdown();
        }
    }
}
