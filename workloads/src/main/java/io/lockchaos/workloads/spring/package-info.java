/**
 * {@code spring-redis}: Spring Integration's {@code RedisLockRegistry}
 * ({@link io.lockchaos.workloads.spring.SpringRedisLock}), the library itself, over Spring Data
 * Redis and Lettuce ({@link io.lockchaos.workloads.spring.SpringRedisConnection}, which
 * {@code shedlock-redis} shares).
 *
 * <p>The registry stores {@code SET lock:<name> <registry id> PX expireAfter} through a Lua script
 * (the same id again only extends it), and unlocks by compare-and-delete. A holder paused past
 * {@code expireAfter} is not told: only its unlock finds out, and it throws. The registry's local
 * cache no longer evicts a lock that is held (spring-integration #11044, #11181), so one key
 * never has two local locks in one client.
 */
package io.lockchaos.workloads.spring;
