package io.lockchaos.workloads.storage;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One applied append.
 *
 * @param id the entry's id ({@code e-3-12}: process 3's 12th append)
 * @param prev the id its writer read as the ledger's last entry; empty for the first
 * @param token the writer's fencing token, when it had one
 * @param writer the writer's process
 */
public record LedgerEntry(String id, Optional<String> prev, OptionalLong token, long writer) {

    public LedgerEntry {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(prev, "prev");
        Objects.requireNonNull(token, "token");
    }
}
