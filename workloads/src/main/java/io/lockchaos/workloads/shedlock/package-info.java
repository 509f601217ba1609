/**
 * ShedLock's lock providers as lock clients: {@code shedlock-redis}, the Redis provider for Spring
 * Data Redis ({@link io.lockchaos.workloads.shedlock.ShedLockRedisLock}), over the same Lettuce
 * connection as {@code spring-redis}; {@code shedlock-jdbc} and {@code shedlock-jdbc-dbtime}, the
 * JdbcTemplate provider on PostgreSQL without and with {@code usingDbTime()}
 * ({@link io.lockchaos.workloads.shedlock.ShedLockJdbcLock}). One retry loop serves both (ShedLock
 * never waits for a lock).
 *
 * <p>The Redis provider takes {@code SET job-lock:default:<name> <value> NX PX lockAtMostFor}; a
 * holder paused past {@code lockAtMostFor} is not told, and its late unlock is a plain {@code DEL}
 * that removes whichever key is there, its successor's included, unless the provider is built with
 * {@code safeUpdate}. The JDBC provider writes {@code lock_until} from the client's clock unless it
 * uses the database's. No grant carries a fencing token of its own.
 */
package io.lockchaos.workloads.shedlock;
