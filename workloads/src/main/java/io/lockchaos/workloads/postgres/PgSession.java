package io.lockchaos.workloads.postgres;

import io.lockchaos.workloads.lock.Address;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * One PostgreSQL session: a pgjdbc connection to the database {@value #DATABASE} (user and
 * password {@value #USER}, as the {@code lockchaos/postgres} image makes them; connection settings
 * as {@link PgDataSource} has them), and the {@link SessionWatch} of the grant held on it now.
 */
final class PgSession implements AutoCloseable {

    static final String DATABASE = "lockchaos";
    static final String USER = "lockchaos";
    /** The sequence every grant's fencing token is drawn from. */
    static final String TOKENS = "lockchaos_lock_tokens";

    /** A JDBC call on the session's connection. */
    @FunctionalInterface
    interface SqlCall<T> {
        T apply(Connection connection) throws SQLException;
    }

    private final Connection connection;
    private final String where;
    /** The watch of the grant held on this session now, if any. */
    private SessionWatch holding;
    private volatile boolean failed;

    private PgSession(Connection connection, String where) {
        this.connection = connection;
        this.where = where;
    }

    /**
     * A session on {@code server}, the token sequence made if missing, in auto-commit mode or
     * not ({@code autoCommit}).
     *
     * @throws PgCallException when it cannot connect
     */
    static PgSession open(Address server, Duration timeout, boolean autoCommit) {
        String where = "PostgreSQL at " + server;
        Connection c;
        try {
            c = PgDataSource.of(server, timeout).getConnection();
        } catch (SQLException e) {
            throw new PgCallException("cannot connect to " + where + " (" + e.getSQLState() + "): " + e.getMessage(), e);
        }
        PgSession session = new PgSession(c, where);
        try {
            session.call("create the token sequence", conn -> {
                createTokenSequence(conn);
                conn.setAutoCommit(autoCommit);
                return null;
            });
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
        return session;
    }

    /** {@code CREATE SEQUENCE IF NOT EXISTS} races with itself; the loser's unique violation means it exists. */
    private static void createTokenSequence(Connection conn) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.execute("CREATE SEQUENCE IF NOT EXISTS " + TOKENS);
        } catch (SQLException e) {
            if (!PgDataSource.lostCreateRace(e)) {
                throw e;
            }
        }
    }

    /**
     * Runs {@code call}. When it throws and the connection has failed (SQLState class 08, the
     * server ending the backend, class 57P, or the connection now closed), the grant held on this
     * session, if any, is told it is lost before the exception is passed on.
     *
     * @throws PgCallException whatever failed: the outcome is unknown
     */
    <T> T call(String what, SqlCall<T> call) {
        try {
            return call.apply(connection);
        } catch (SQLException e) {
            if (failed(e)) {
                failed = true;
                SessionWatch held;
                synchronized (this) {
                    held = holding;
                }
                if (held != null) {
                    held.lost("connection-lost");
                }
            }
            throw new PgCallException(what + " on " + where + " failed (" + e.getSQLState() + "): " + e.getMessage(), e);
        }
    }

    private boolean failed(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        return state.startsWith("08") || state.startsWith("57P") || closed();
    }

    private boolean closed() {
        try {
            return connection.isClosed();
        } catch (SQLException e) {
            return true;
        }
    }

    /** Whether this session can still be used: not closed and not known to have failed. */
    boolean usable() {
        return !failed && !closed();
    }

    /** A grant is now held on this session: the watch that tells it when the session fails. */
    synchronized SessionWatch hold() {
        holding = new SessionWatch();
        return holding;
    }

    /** The grant held on this session was released: a later failure is no news to it. */
    synchronized void released() {
        holding = null;
    }

    /** Closes the connection: the server ends the backend, and with it the session's locks. */
    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            // Closing a broken connection may fail; the backend goes away with it either way.
            return;
        }
    }
}
