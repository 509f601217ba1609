package io.lockchaos.workloads.shedlock;

import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.postgres.PgDataSource;
import io.lockchaos.workloads.postgres.ReusedConnection;
import java.time.Duration;
import java.util.UUID;
import net.javacrumbs.shedlock.provider.jdbctemplate.JdbcTemplateLockProvider;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * {@code shedlock-jdbc} and {@code shedlock-jdbc-dbtime}: ShedLock's
 * {@link JdbcTemplateLockProvider} on PostgreSQL, as an application builds it, over the table
 * {@value #TABLE} ({@link #DDL}, ShedLock's documented schema), each client with a
 * {@code lockedBy} of its own (ShedLock's default is the host name, one per application instance).
 *
 * <p>Without {@code usingDbTime()} every time in its statements is the client's:
 * {@code lock_until} = the client's now + {@code lockAtMostFor}, and a row is free when
 * {@code lock_until <= } the client's now. A client whose clock is ahead sees a lock as free
 * before its holder's {@code lockAtMostFor} has run out (ShedLock #231, #263, #1439). With
 * {@code usingDbTime()} every such time is the server's ({@code timezone('utc', CURRENT_TIMESTAMP)}).
 * The unlock (7.10.1, both ways) sets {@code lock_until} back to now only where {@code locked_by}
 * is its own, so a late holder's unlock leaves its successor's row alone; but ShedLock's
 * {@code unlock()} returns nothing, so the release cannot say whether it changed anything.
 */
public final class ShedLockJdbcLock extends ShedLockProviderLock {

    static final String TABLE = "shedlock";
    /** ShedLock's PostgreSQL table. */
    static final String DDL = "CREATE TABLE IF NOT EXISTS " + TABLE + " (name VARCHAR(64) NOT NULL, "
            + "lock_until TIMESTAMP NOT NULL, locked_at TIMESTAMP NOT NULL, locked_by VARCHAR(255) NOT NULL, "
            + "PRIMARY KEY (name))";

    private final String backend;
    private final ReusedConnection connection;

    private ShedLockJdbcLock(String backend, JdbcTemplateLockProvider provider, Duration lockAtMostFor,
                             Duration lockAtLeastFor, ReusedConnection connection, boolean dbTime) {
        super(provider, lockAtMostFor, lockAtLeastFor, connection::reset, !dbTime);
        this.backend = backend;
        this.connection = connection;
    }

    /** A client on {@code server}; {@code dbTime}: ShedLock's {@code usingDbTime()}. */
    public static ShedLockJdbcLock open(Address server, Duration lockAtMostFor, Duration lockAtLeastFor, Duration timeout,
                                        boolean dbTime) {
        ReusedConnection ds = new ReusedConnection(server, timeout);
        PgDataSource.ensure(ds, DDL);
        var config = JdbcTemplateLockProvider.Configuration.builder()
                .withJdbcTemplate(new JdbcTemplate(ds))
                .withTableName(TABLE)
                .withLockedByValue("lockchaos-" + UUID.randomUUID());
        if (dbTime) {
            config.usingDbTime();
        }
        return new ShedLockJdbcLock(dbTime ? "shedlock-jdbc-dbtime" : "shedlock-jdbc",
                new JdbcTemplateLockProvider(config.build()), lockAtMostFor, lockAtLeastFor, ds, dbTime);
    }

    @Override
    public String backend() {
        return backend;
    }

    @Override
    public void close() {
        connection.destroy();
    }
}
