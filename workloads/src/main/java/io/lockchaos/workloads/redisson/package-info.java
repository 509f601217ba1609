/**
 * Redisson's locks, the library as Java teams ship it (org.redisson:redisson, pinned in the
 * BOM): {@code redisson} ({@code RLock} with no lease time, so Redisson's watchdog renews the key
 * every {@code lockWatchdogTimeout / 3} while the client runs), {@code redisson-lease}
 * ({@code RLock} with a lease time: no watchdog, the key expires after the lease) and
 * {@code redisson-fenced} ({@code RFencedLock}: as {@code redisson}, and each grant carries the
 * value of an {@code INCR} on a second key in the same Redis as its fencing token).
 *
 * <p>Each lock client opens one {@code RedissonClient} ({@code RedissonConnections}):
 * the single server given, or Redisson's own Sentinel client when option {@code sentinel-master}
 * is set (the nodes are then the Sentinels). Redisson owns a lock by client id and thread id;
 * every grant here is taken and released under an owner id of its own (the thread-id variants
 * of the calls), so a release may come from any thread and no grant is ever re-entered by a
 * later one. No grant learns that it was lost: Redisson has no callback for a renewal that failed
 * or found the key gone.
 */
package io.lockchaos.workloads.redisson;
