package io.lockchaos.workloads.spring;

import io.lockchaos.workloads.lock.Address;
import java.time.Duration;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceClientConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Spring Data Redis's connection to one Redis server, over Lettuce, as the Spring lock
 * libraries are given it ({@code spring-redis}, {@code shedlock-redis}). Every command is
 * bounded by {@code timeout}; a command that runs out of it throws, which the locks report as
 * an unknown outcome. Closing it is idempotent.
 *
 * <p>It connects when made ({@code setEagerInitialization}), as a running application's factory
 * has long been connected when its lock is first used: the first lock call then costs a command,
 * not Lettuce's start-up (seconds on a loaded machine, which put a ShedLock worker's first tick
 * seconds late).
 */
public final class SpringRedisConnection implements AutoCloseable {

    private final LettuceConnectionFactory factory;
    private boolean closed;

    public SpringRedisConnection(Address server, Duration timeout) {
        factory = new LettuceConnectionFactory(new RedisStandaloneConfiguration(server.host(), server.port()),
                LettuceClientConfiguration.builder().commandTimeout(timeout).build());
        factory.setEagerInitialization(true);
        factory.afterPropertiesSet();
        factory.start();
    }

    /** The factory the libraries build their templates on. */
    public RedisConnectionFactory factory() {
        return factory;
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            factory.destroy();
        }
    }
}
