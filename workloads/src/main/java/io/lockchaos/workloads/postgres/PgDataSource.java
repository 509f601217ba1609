package io.lockchaos.workloads.postgres;

import io.lockchaos.workloads.lock.Address;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A {@link DataSource} for the library locks on PostgreSQL ({@code shedlock-jdbc},
 * {@code spring-jdbc}) and the advisory locks' sessions: pgjdbc's own, a new connection per
 * {@code getConnection()} (a connection that failed is never handed out again, as a pool would
 * after its check). Database, user and password {@code lockchaos}; every connect and socket read
 * bounded by the timeout (whole seconds, at least 1); statements unprepared on the server
 * ({@code prepareThreshold=0}): a server-side prepared statement does not survive PgBouncer's
 * transaction pooling.
 */
public final class PgDataSource {

    private PgDataSource() {
    }

    /** A data source on {@code server}, every connect and socket read bounded by {@code timeout}. */
    public static PGSimpleDataSource of(Address server, Duration timeout) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setServerNames(new String[] {server.host()});
        ds.setPortNumbers(new int[] {server.port()});
        ds.setDatabaseName(PgSession.DATABASE);
        ds.setUser(PgSession.USER);
        ds.setPassword(PgSession.USER);
        int seconds = (int) Math.max(1, (timeout.toMillis() + 999) / 1000);
        ds.setConnectTimeout(seconds);
        ds.setLoginTimeout(seconds);
        ds.setSocketTimeout(seconds);
        ds.setTcpKeepAlive(true);
        ds.setPrepareThreshold(0);
        ds.setApplicationName("lockchaos");
        return ds;
    }

    /**
     * Runs {@code ddl} ({@code CREATE TABLE IF NOT EXISTS ...}): two clients that create the same
     * table at once race, and the loser's unique violation means it exists.
     *
     * @throws PgCallException when it cannot connect or the statement fails otherwise
     */
    public static void ensure(DataSource ds, String ddl) {
        try (Connection c = ds.getConnection(); Statement st = c.createStatement()) {
            st.execute(ddl);
        } catch (SQLException e) {
            if (!lostCreateRace(e)) {
                throw new PgCallException("'" + ddl + "' failed (" + e.getSQLState() + "): " + e.getMessage(), e);
            }
        }
    }

    /**
     * Whether a {@code CREATE ... IF NOT EXISTS} failed only because another session created the
     * same object at the same moment (a unique violation in the catalog, or "already exists").
     */
    static boolean lostCreateRace(SQLException e) {
        return "23505".equals(e.getSQLState()) || "42P07".equals(e.getSQLState());
    }
}
