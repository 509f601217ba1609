package io.lockchaos.workloads.storage;

import io.lockchaos.history.ops.Fencing;
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

    /** Every applied entry of {@code key}'s ledger, in order. */
    List<LedgerEntry> readAll(String key);

    @Override
    void close();
}
