package io.lockchaos.workloads.redis;

import io.lockchaos.workloads.lock.Address;
import java.time.Duration;
import java.util.function.Function;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * One connection to one Redis server, used from one thread. A request that fails drops the
 * connection (its state is unknown after a timeout) and the next request opens a new one.
 * Every request is bounded by {@code timeout} (connect and socket read).
 */
public final class RedisNode implements AutoCloseable {

    private final Address address;
    private final int timeoutMillis;
    private Jedis jedis;

    public RedisNode(Address address, Duration timeout) {
        this.address = address;
        this.timeoutMillis = (int) Math.max(1, timeout.toMillis());
    }

    public Address address() {
        return address;
    }

    /** Runs {@code request} on the connection; a failure drops the connection and is rethrown. */
    public synchronized <T> T call(Function<Jedis, T> request) {
        try {
            if (jedis == null) {
                jedis = new Jedis(new HostAndPort(address.host(), address.port()), DefaultJedisClientConfig.builder()
                        .connectionTimeoutMillis(timeoutMillis).socketTimeoutMillis(timeoutMillis).build());
            }
            return request.apply(jedis);
        } catch (JedisException e) {
            drop(e);
            throw e;
        }
    }

    private void drop(RuntimeException cause) {
        Jedis broken = jedis;
        jedis = null;
        if (broken != null) {
            try {
                broken.close();
            } catch (RuntimeException e) {
                cause.addSuppressed(e);
            }
        }
    }

    @Override
    public synchronized void close() {
        Jedis open = jedis;
        jedis = null;
        if (open != null) {
            open.close();
        }
    }

    @Override
    public String toString() {
        return "redis " + address;
    }
}
