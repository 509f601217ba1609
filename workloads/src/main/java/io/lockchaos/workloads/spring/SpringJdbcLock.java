package io.lockchaos.workloads.spring;

import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.LeaseExpiry;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.postgres.PgDataSource;
import io.lockchaos.workloads.postgres.ReusedConnection;
import java.time.Duration;
import org.springframework.integration.jdbc.lock.DefaultLockRepository;
import org.springframework.integration.jdbc.lock.JdbcLockRegistry;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;

/**
 * {@code spring-jdbc}: Spring Integration's {@link JdbcLockRegistry} over a
 * {@link DefaultLockRepository} on PostgreSQL (its table {@code INT_LOCK}, {@link #DDL} as Spring
 * Integration's {@code schema-postgresql.sql} has it), one repository and registry per client,
 * the registry's TTL = the scenario's TTL, its defaults otherwise (100 ms between tries, no
 * renewal). The repository is started as a Spring context would: a transaction manager on the
 * same data source, then its lifecycle callbacks.
 *
 * <p>The repository's times are the client's: a grant writes {@code EXPIRED_AFTER} = the client's
 * now + TTL, and takes over a row whose {@code EXPIRED_AFTER} is before the client's now. A holder
 * paused past the TTL loses the row to the next client; its {@code unlock()} then deletes nothing
 * (the row has another {@code CLIENT_ID}) and throws "Lock was released in the store due to
 * expiration", a certain {@code false} ({@link SpringUnlock}). {@code tryLock} false is certain;
 * a throw is unknown. Acquire and release run on one thread (the registry's local lock).
 */
public final class SpringJdbcLock implements LockClient, LeaseExpiry {

    static final String DDL = "CREATE TABLE IF NOT EXISTS INT_LOCK (LOCK_KEY CHAR(36) NOT NULL, "
            + "REGION VARCHAR(100) NOT NULL, CLIENT_ID CHAR(36), CREATED_DATE TIMESTAMP NOT NULL, "
            + "EXPIRED_AFTER TIMESTAMP NOT NULL, constraint INT_LOCK_PK primary key (LOCK_KEY, REGION))";

    private final ReusedConnection connection;
    private final DefaultLockRepository repository;
    private final JdbcLockRegistry registry;
    private final Duration ttl;
    private boolean closed;

    public SpringJdbcLock(Address server, Duration ttl, Duration timeout) {
        ReusedConnection ds = new ReusedConnection(server, timeout);
        PgDataSource.ensure(ds, DDL);
        this.connection = ds;
        this.repository = new DefaultLockRepository(ds);
        repository.setTransactionManager(new DataSourceTransactionManager(ds));
        repository.afterPropertiesSet();
        repository.afterSingletonsInstantiated();
        repository.start();
        this.registry = new JdbcLockRegistry(repository, ttl);
        this.ttl = ttl;
    }

    @Override
    public String backend() {
        return "spring-jdbc";
    }

    @Override
    public Duration ttl() {
        return ttl;
    }

    @Override
    public Acquisition acquire(String lock, Duration timeout) {
        try {
            return SpringTryLock.acquire(registry.obtain(lock), lock, timeout, ttl);
        } catch (RuntimeException e) {
            connection.reset();
            throw e;
        }
    }

    @Override
    public boolean release(Grant grant) {
        try {
            return grant.handle().release();
        } catch (RuntimeException e) {
            connection.reset();
            throw e;
        }
    }

    /** Stops the repository, which deletes every row of this client, as an application's shutdown does. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            repository.stop();
            repository.close();
        } finally {
            connection.destroy();
        }
    }
}
