package io.lockchaos.harness.workloads;

import io.lockchaos.workloads.storage.Store;

/**
 * The ledger in PostgreSQL ({@code "store": "postgres"}) on the real {@code storage} node: the
 * same answers as the Redis store's scripts, and its one-statement fenced append atomic under
 * racing writers ({@link StoreContract}).
 */
class PostgresStorageIT extends StoreContract {

    @Override
    Store store() {
        return Store.POSTGRES;
    }
}
