package io.lockchaos.harness.workloads;

import io.lockchaos.workloads.storage.Store;

/** The ledger's Lua scripts on the real storage Redis (the default store): {@link StoreContract}. */
class FencedStorageIT extends StoreContract {

    @Override
    Store store() {
        return Store.REDIS;
    }
}
