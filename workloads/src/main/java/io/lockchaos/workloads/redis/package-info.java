/**
 * Redis locks: {@code redis-naive} ({@link io.lockchaos.workloads.redis.NaiveRedisLock}:
 * {@code SET key value NX PX ttl}, release by compare-and-delete), {@code redis-sentinel} (the
 * same against whichever master Sentinel names, {@link io.lockchaos.workloads.redis.SentinelMaster}),
 * {@code redlock} ({@link io.lockchaos.workloads.redis.Redlock}, redis.io's algorithm over five
 * masters), and the {@code redis-incr} token source
 * ({@link io.lockchaos.workloads.redis.RedisIncrTokens}), which a failover can send backwards.
 *
 * <p>Lock keys are {@code lock:<name>}; each grant's value is 128 random bits, so a release
 * deletes the key only if it still holds this grant's value. No Redis lock has a fencing token
 * of its own.
 */
package io.lockchaos.workloads.redis;
