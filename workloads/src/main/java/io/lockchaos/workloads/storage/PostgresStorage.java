package io.lockchaos.workloads.storage;

import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.WorkloadException;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.postgres.PgDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import javax.sql.DataSource;

/**
 * The ledger in PostgreSQL ({@code "store": "postgres"}): table {@value #ENTRIES} holds every
 * entry in the order of its {@code seq}, table {@value #FENCE} one row per ledger with the
 * highest token processed. Isolation is READ COMMITTED (PostgreSQL's default, set on the connection:
 * the argument below rests on it).
 *
 * <p>A fenced append is one statement, {@link #APPEND_FENCED}: a CTE raises the ledger's
 * {@code max_token} to the request's token only where it is not higher
 * ({@code INSERT ... ON CONFLICT (ledger) DO UPDATE ... WHERE max_token <= token RETURNING}), and
 * the entry is inserted from the CTE's row, so an append whose token is older inserts nothing.
 * It is atomic against concurrent writers of the same ledger because the raise locks the fence
 * row until the transaction commits: a second writer's raise waits for that lock and then, as
 * READ COMMITTED does for a row updated under it, re-evaluates its {@code WHERE} against the row
 * as committed, so it compares with the highest token there is, and its own entry commits with
 * its raise. (An {@code INSERT ... SELECT ... WHERE token >= (SELECT max(token) ...)} would not
 * be: each statement's snapshot misses a concurrent insert that has not committed, so two
 * writers both pass.) Two first writers of a ledger race on the fence row's primary key: one
 * inserts it, the other waits on the index and takes the update path.
 *
 * <p>A fenced read raises the mark the same way and then reads the last entry, in one
 * transaction: the read is a statement of its own, after the row lock is held, so it sees every
 * append that raised the mark before it, and no append to this ledger commits until it ends.
 * One connection, kept; after a call fails it is dropped and the next call connects again. The
 * first call makes both tables if they are missing.
 */
public final class PostgresStorage implements Storage {

    static final String ENTRIES = "ledger_entry";
    static final String FENCE = "ledger_fence";
    static final String DDL_ENTRIES = "CREATE TABLE IF NOT EXISTS " + ENTRIES + " (seq BIGSERIAL PRIMARY KEY,"
            + " ledger TEXT NOT NULL, id TEXT NOT NULL, prev TEXT, token BIGINT, writer BIGINT NOT NULL)";
    static final String DDL_FENCE = "CREATE TABLE IF NOT EXISTS " + FENCE
            + " (ledger TEXT PRIMARY KEY, max_token BIGINT NOT NULL)";

    /** Raises the ledger's mark to the token unless it is higher; returns a row only when it did. */
    static final String RAISE = "INSERT INTO " + FENCE + " AS f (ledger, max_token) VALUES (?, ?)"
            + " ON CONFLICT (ledger) DO UPDATE SET max_token = excluded.max_token"
            + " WHERE f.max_token <= excluded.max_token RETURNING f.max_token";
    /** The fenced append: the entry is inserted only from the row of a raise that happened. */
    static final String APPEND_FENCED = "WITH mark AS (" + RAISE + ") INSERT INTO " + ENTRIES
            + " (ledger, id, prev, token, writer) SELECT ?, ?, ?, ?, ? FROM mark";
    static final String APPEND = "INSERT INTO " + ENTRIES + " (ledger, id, prev, token, writer) VALUES (?, ?, ?, ?, ?)";
    static final String LAST = "SELECT id FROM " + ENTRIES + " WHERE ledger = ? ORDER BY seq DESC LIMIT 1";
    static final String HIGHEST = "SELECT max_token FROM " + FENCE + " WHERE ledger = ?";
    static final String ALL = "SELECT id, prev, token, writer FROM " + ENTRIES + " WHERE ledger = ? ORDER BY seq";

    private final DataSource server;
    private final Fencing fencing;
    private Connection connection;
    private boolean schemaMade;

    public PostgresStorage(Address address, Fencing fencing, Duration timeout) {
        this.server = PgDataSource.of(address, timeout);
        this.fencing = fencing;
    }

    @Override
    public Fencing fencing() {
        return fencing;
    }

    @Override
    public ReadResult read(String key, OptionalLong token) {
        MissingTokenException.requireForRead(fencing, token, key);
        return call(c -> fencing.fencesReads() ? readFenced(c, key, token.getAsLong()) : last(c, key));
    }

    private static ReadResult readFenced(Connection c, String key, long token) throws SQLException {
        c.setAutoCommit(false);
        try {
            boolean raised;
            try (PreparedStatement raise = c.prepareStatement(RAISE)) {
                raise.setString(1, key);
                raise.setLong(2, token);
                try (ResultSet rs = raise.executeQuery()) {
                    raised = rs.next();
                }
            }
            ReadResult result = raised ? last(c, key) : stale(c, key);
            c.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true);
        }
    }

    private static ReadResult last(Connection c, String key) throws SQLException {
        try (PreparedStatement last = c.prepareStatement(LAST)) {
            last.setString(1, key);
            try (ResultSet rs = last.executeQuery()) {
                return new ReadResult.Last(rs.next() ? Optional.of(rs.getString(1)) : Optional.empty());
            }
        }
    }

    private static StaleToken stale(Connection c, String key) throws SQLException {
        try (PreparedStatement highest = c.prepareStatement(HIGHEST)) {
            highest.setString(1, key);
            try (ResultSet rs = highest.executeQuery()) {
                if (!rs.next()) {
                    throw new WorkloadException("ledger " + key + ": a token was refused but " + FENCE + " has no row");
                }
                return new StaleToken(rs.getLong(1));
            }
        }
    }

    @Override
    public AppendResult append(String key, LedgerEntry entry) {
        MissingTokenException.requireForAppend(fencing, entry, key);
        return call(c -> {
            boolean fenced = fencing.fencesAppends();
            try (PreparedStatement append = c.prepareStatement(fenced ? APPEND_FENCED : APPEND)) {
                int at = 1;
                if (fenced) {
                    append.setString(at++, key);
                    append.setLong(at++, entry.token().getAsLong());
                }
                append.setString(at++, key);
                append.setString(at++, entry.id());
                append.setString(at++, entry.prev().orElse(null));
                if (entry.token().isPresent()) {
                    append.setLong(at++, entry.token().getAsLong());
                } else {
                    append.setNull(at++, Types.BIGINT);
                }
                append.setLong(at, entry.writer());
                if (append.executeUpdate() == 1) {
                    return AppendResult.APPLIED;
                }
            }
            return stale(c, key);
        });
    }

    @Override
    public List<LedgerEntry> readAll(String key) {
        return call(c -> {
            try (PreparedStatement all = c.prepareStatement(ALL)) {
                all.setString(1, key);
                List<LedgerEntry> entries = new ArrayList<>();
                try (ResultSet rs = all.executeQuery()) {
                    while (rs.next()) {
                        long token = rs.getLong(3);
                        OptionalLong t = rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(token);
                        entries.add(new LedgerEntry(rs.getString(1), Optional.ofNullable(rs.getString(2)), t, rs.getLong(4)));
                    }
                }
                return entries;
            }
        });
    }

    @Override
    public synchronized void close() {
        drop();
    }

    /** One call on the kept connection; a failure drops it and is thrown as unknown. */
    private synchronized <T> T call(SqlCall<T> call) {
        try {
            if (!schemaMade) {
                // Every client makes the tables if they are missing; PgDataSource.ensure takes losing the race.
                PgDataSource.ensure(server, DDL_ENTRIES);
                PgDataSource.ensure(server, DDL_FENCE);
                schemaMade = true;
            }
            if (connection == null) {
                connection = server.getConnection();
                connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            }
            return call.on(connection);
        } catch (SQLException e) {
            drop();
            throw new WorkloadException("ledger store: " + e.getMessage() + " (SQLState " + e.getSQLState() + ")", e);
        }
    }

    private void drop() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // The connection is dropped either way; closing a broken one may fail.
            }
            connection = null;
        }
    }

    @FunctionalInterface
    private interface SqlCall<T> {
        T on(Connection c) throws SQLException;
    }
}
