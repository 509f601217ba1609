/**
 * {@code pg-advisory} and {@code pg-advisory-xact}: PostgreSQL's advisory locks over pgjdbc
 * ({@link io.lockchaos.workloads.postgres.PgAdvisoryLock}), on a session or inside a transaction.
 *
 * <p>A session lock lives as long as the server's backend of its TCP session. A holder cut off
 * from the server keeps believing it holds the lock until a call on its connection fails, while
 * the server frees the lock once it notices the session is gone (TCP keepalive, or
 * {@code pg_terminate_backend}). A paused holder whose connection stays open keeps the lock: a
 * pause alone breaks nothing, unlike a lease. Fencing tokens come from a sequence drawn in the
 * grant's own statement.
 */
package io.lockchaos.workloads.postgres;
