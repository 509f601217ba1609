package io.lockchaos.workloads.storage;

import java.util.Optional;

/** A read's outcome: the ledger's last entry id, or a refusal of a stale token. */
public sealed interface ReadResult permits ReadResult.Last, StaleToken {

    /** The read was served: {@code last} is the last entry's id, empty for an empty ledger. */
    record Last(Optional<String> last) implements ReadResult {
    }
}
