package io.lockchaos.workloads.postgres;

import io.lockchaos.workloads.lock.Acquisition;
import io.lockchaos.workloads.lock.Address;
import io.lockchaos.workloads.lock.FencingTokens;
import io.lockchaos.workloads.lock.Grant;
import io.lockchaos.workloads.lock.LockClient;
import io.lockchaos.workloads.redis.RetryDelay;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * {@code pg-advisory} and {@code pg-advisory-xact}: PostgreSQL's advisory locks, keyed by
 * {@code hashtextextended(<lock name>, 0)}.
 * <ul>
 *   <li>{@link Scope#SESSION}: {@code pg_try_advisory_lock} on a session (auto-commit), held
 *       until {@code pg_advisory_unlock} on that session, or until the session ends;</li>
 *   <li>{@link Scope#TRANSACTION}: {@code pg_try_advisory_xact_lock} in a transaction held open
 *       for the critical section and ended by {@code COMMIT}.</li>
 * </ul>
 * Each grant has a session to itself (idle sessions are kept for the next acquire), so one
 * client may hold several locks and a release ends exactly one.
 *
 * <p>The grant and its fencing token are one statement: {@code SELECT CASE WHEN
 * pg_try_advisory_lock(k) THEN nextval('lockchaos_lock_tokens') END}, so a token is drawn only
 * under the lock. A sequence never goes back (it is WAL-logged ahead of use), so tokens grow
 * across grants and lock names. PostgreSQL never waits here: a {@code false} is retried after a
 * random 10–20 ms until the timeout, and a timeout after only {@code false} answers is a certain
 * refusal; an attempt that throws leaves the outcome unknown (the session is then closed, which
 * frees whatever it may have taken).
 *
 * <p>No lease: the lock lives as long as the server's backend of the session. A holder does not
 * learn that it lost it until a call on the connection fails (pgjdbc has no other signal); the
 * grant's watch then tells ({@link SessionWatch}). {@code ttlMs} is not used.
 */
public final class PgAdvisoryLock implements LockClient, FencingTokens {

    /** Where the lock lives: the session, or the transaction. */
    public enum Scope {
        SESSION("pg-advisory", "pg_try_advisory_lock", true),
        TRANSACTION("pg-advisory-xact", "pg_try_advisory_xact_lock", false);

        private final String backend;
        private final String function;
        private final boolean autoCommit;

        Scope(String backend, String function, boolean autoCommit) {
            this.backend = backend;
            this.function = function;
            this.autoCommit = autoCommit;
        }

        /** The backend's name in scenarios. */
        public String backend() {
            return backend;
        }
    }

    private static final long RETRY_MILLIS = 10;

    private final Address server;
    private final Duration timeout;
    private final Scope scope;
    private final Deque<PgSession> idle = new ArrayDeque<>();
    private final Set<PgSession> open = new HashSet<>();
    private boolean closed;

    /** @param timeout every connect's and socket read's bound (whole seconds, at least 1) */
    public PgAdvisoryLock(Address server, Duration timeout, Scope scope) {
        this.server = server;
        this.timeout = timeout;
        this.scope = scope;
    }

    @Override
    public String backend() {
        return scope.backend;
    }

    @Override
    public String tokenOrigin() {
        return "PostgreSQL nextval('" + PgSession.TOKENS + "') in the grant's statement";
    }

    @Override
    public Acquisition acquire(String lock, Duration wait) {
        PgSession session = take();
        long deadline = System.nanoTime() + wait.toNanos();
        try {
            while (true) {
                long started = System.nanoTime();
                OptionalLong token = session.call(scope.function + "('" + lock + "')", c -> tryLock(c, lock));
                if (token.isPresent()) {
                    return Acquisition.granted(new Grant(lock, token, Optional.empty(), started, session.hold(),
                            () -> release(session, lock)));
                }
                if (System.nanoTime() >= deadline || Thread.currentThread().isInterrupted()) {
                    session.call("end the transaction of a refused acquire", c -> {
                        if (!c.getAutoCommit()) {
                            c.rollback();
                        }
                        return null;
                    });
                    giveBack(session);
                    return Acquisition.refused("timeout");
                }
                RetryDelay.backOff(RETRY_MILLIS, deadline);
            }
        } catch (RuntimeException e) {
            drop(session);
            throw e;
        }
    }

    private OptionalLong tryLock(java.sql.Connection c, String lock) throws java.sql.SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT CASE WHEN " + scope.function
                + "(hashtextextended(?, 0)) THEN nextval('" + PgSession.TOKENS + "') END")) {
            st.setString(1, lock);
            try (ResultSet rs = st.executeQuery()) {
                rs.next();
                long token = rs.getLong(1);
                return rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(token);
            }
        }
    }

    /**
     * Session scope: {@code pg_advisory_unlock}'s answer (false: this session held nothing);
     * transaction scope: {@code COMMIT}, true once it returns (the transaction, and so the lock,
     * lasted until then). A throw is unknown, and the session is closed.
     */
    private boolean release(PgSession session, String lock) {
        try {
            boolean released = session.call("release " + lock, c -> {
                if (scope == Scope.TRANSACTION) {
                    c.commit();
                    return true;
                }
                try (PreparedStatement st = c.prepareStatement("SELECT pg_advisory_unlock(hashtextextended(?, 0))")) {
                    st.setString(1, lock);
                    try (ResultSet rs = st.executeQuery()) {
                        rs.next();
                        return rs.getBoolean(1);
                    }
                }
            });
            session.released();
            giveBack(session);
            return released;
        } catch (RuntimeException e) {
            drop(session);
            throw e;
        }
    }


    private PgSession take() {
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException(scope.backend + " client is closed");
            }
            while (!idle.isEmpty()) {
                PgSession s = idle.pop();
                if (s.usable()) {
                    return s;
                }
                open.remove(s);
                s.close();
            }
        }
        PgSession s = PgSession.open(server, timeout, scope.autoCommit);
        synchronized (this) {
            if (closed) {
                s.close();
                throw new IllegalStateException(scope.backend + " client is closed");
            }
            open.add(s);
        }
        return s;
    }

    private synchronized void giveBack(PgSession session) {
        if (closed || !session.usable()) {
            drop(session);
            return;
        }
        idle.push(session);
    }

    private synchronized void drop(PgSession session) {
        open.remove(session);
        idle.remove(session);
        session.close();
    }

    /** Closes every session: the server frees every lock they hold at once. */
    @Override
    public synchronized void close() {
        closed = true;
        open.forEach(PgSession::close);
        open.clear();
        idle.clear();
    }
}
