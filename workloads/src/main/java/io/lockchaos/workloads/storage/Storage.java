package io.lockchaos.workloads.storage;

import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.lock.Grant;
import java.util.List;
import java.util.OptionalLong;

/**
 * The data a lock protects: one ledger per key. Each call is atomic on the server. A call that
 * throws has an unknown outcome ({@code :info}). Closing is idempotent.
 */
public interface Storage extends AutoCloseable {

    /** What this store checks of tokens. */
    Fencing fencing();

    /**
     * The last entry's id of {@code key}'s ledger, read under {@code token}.
     *
     * @throws MissingTokenException when the store fences reads and there is no token
     */
    ReadResult read(String key, OptionalLong token);

    /**
     * Appends {@code entry} (its token is the request's token).
     *
     * @throws MissingTokenException when the store fences appends and the entry has no token
     */
    AppendResult append(String key, LedgerEntry entry);

    /**
     * The read a holder makes under {@code grant}, on the ledger named after its lock: under its
     * token, unless the store guards by the grant's lock key ({@code guarded}).
     */
    default ReadResult read(Grant grant) {
        return read(grant.lock(), grant.token());
    }

    /**
     * The append a holder makes under {@code grant}, to the ledger named after its lock: under the
     * entry's token, unless the store guards by the grant's lock key ({@code guarded}).
     */
    default AppendResult append(Grant grant, LedgerEntry entry) {
        return append(grant.lock(), entry);
    }

    /** Every applied entry of {@code key}'s ledger, in order. */
    List<LedgerEntry> readAll(String key);

    @Override
    void close();
}
