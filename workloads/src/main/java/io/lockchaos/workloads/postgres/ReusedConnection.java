package io.lockchaos.workloads.postgres;

import io.lockchaos.workloads.lock.Address;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * One connection for a library lock client, kept across calls, as a connection pool of one would
 * (a new connection per call costs a connect and a SCRAM exchange: with one per call, the contract
 * saw a 2 s ShedLock lease run out, on a loaded machine, before a second client's first attempt
 * ended). Spring's {@link SingleConnectionDataSource}, its
 * connections made by {@link PgDataSource}; after a call failed, {@link #reset()} drops the
 * connection and the next call connects again, as a pool drops a broken one.
 */
public final class ReusedConnection extends SingleConnectionDataSource {

    private final DataSource connections;

    /** A reused connection to {@code server}, every connect and socket read bounded by {@code timeout}. */
    public ReusedConnection(Address server, Duration timeout) {
        PGSimpleDataSource pg = PgDataSource.of(server, timeout);
        this.connections = pg;
        setUrl(pg.getUrl()); // only checked: the connections come from getConnectionFromDriver
        setSuppressClose(true);
        setAutoCommit(true);
    }

    @Override
    protected Connection getConnectionFromDriver(String username, String password) throws SQLException {
        return connections.getConnection();
    }

    /** Drops the connection after a failed call; the next call connects again. */
    public void reset() {
        resetConnection();
    }
}
