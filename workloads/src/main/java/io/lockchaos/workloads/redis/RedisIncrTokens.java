package io.lockchaos.workloads.redis;

import io.lockchaos.workloads.lock.TokenSource;
import java.util.function.Supplier;

/**
 * Tokens from {@code INCR token:<lock>} on the lock's own Redis (its master, found the same way
 * as the lock's). Increasing while that Redis keeps its writes; a failover to a replica that
 * missed some INCRs hands out a token again: kept to show exactly that (docs/design.md row 10).
 */
public final class RedisIncrTokens implements TokenSource {

    private final Supplier<RedisNode> master;
    private final Runnable closer;

    /** @param closer what {@link #close()} runs (nothing when the lock owns the connection) */
    public RedisIncrTokens(Supplier<RedisNode> master, Runnable closer) {
        this.master = master;
        this.closer = closer;
    }

    @Override
    public String name() {
        return "redis-incr";
    }

    @Override
    public long next(String lock) {
        return master.get().call(j -> j.incr("token:" + lock));
    }

    @Override
    public void close() {
        closer.run();
    }
}
