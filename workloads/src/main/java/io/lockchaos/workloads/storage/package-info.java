/**
 * The ledger a lock protects, in the {@code storage} node, and the fencing that can save it.
 * {@link io.lockchaos.workloads.storage.Store} says which server that is: a Redis
 * ({@link io.lockchaos.workloads.storage.RedisStorage}, the default) or a PostgreSQL
 * ({@link io.lockchaos.workloads.storage.PostgresStorage}, whose fenced append is one SQL statement).
 *
 * <p>A ledger is an append-only list per key; every entry keeps its id, the id its writer read
 * as last ({@code prev}), the writer's fencing token and the writer (its process). Under mutual
 * exclusion the ledger is a chain; a lost update is an entry whose {@code prev} is not its
 * predecessor. In Redis each operation is one Lua script, so Redis applies it atomically; in
 * PostgreSQL a fenced append is one statement serialised by its ledger's fence row.
 *
 * <p>{@link io.lockchaos.history.ops.Fencing} says what the store checks:
 * {@code unfenced} appends anything; {@code fenced} remembers the highest token it has
 * processed, on reads and appends, and rejects an older one with {@code stale-token};
 * {@code fenced-writes-only} fences appends only, which still loses updates in a
 * read-modify-write (docs/design.md, "Fencing"). Equal tokens pass: a holder reads and then
 * appends under one token. {@code guarded} is not a store here: its ledger lives in the lock's
 * etcd ({@link io.lockchaos.workloads.etcd.GuardedEtcdStorage}), which it reaches through the
 * holder's grant ({@link io.lockchaos.workloads.storage.Storage#read(io.lockchaos.workloads.lock.Grant)}).
 */
package io.lockchaos.workloads.storage;
