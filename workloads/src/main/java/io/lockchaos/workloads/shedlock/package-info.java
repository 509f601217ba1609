/**
 * {@code shedlock-redis}: ShedLock's Redis lock provider for Spring Data Redis
 * ({@link io.lockchaos.workloads.shedlock.ShedLockRedisLock}), the scheduled-job lock, over the
 * same Lettuce connection as {@code spring-redis}.
 *
 * <p>The provider takes {@code SET job-lock:default:<name> <value> NX PX lockAtMostFor}; a holder
 * paused past {@code lockAtMostFor} is not told, and its late unlock is a plain {@code DEL} that
 * removes whichever key is there, its successor's included, unless the provider is built with
 * {@code safeUpdate}. No grant carries a fencing token of its own.
 */
package io.lockchaos.workloads.shedlock;
