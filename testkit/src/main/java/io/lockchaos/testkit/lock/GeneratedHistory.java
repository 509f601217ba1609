package io.lockchaos.testkit.lock;

import io.lockchaos.history.History;
import java.util.Set;

/**
 * A generated lock history and the anomalies that were actually injected into it (an
 * anomaly asked for may find no opportunity, for example no ledger long enough to lose an
 * entry from; it is then absent here).
 */
public record GeneratedHistory(History history, Set<LockAnomaly> injected) {

    public GeneratedHistory {
        injected = Set.copyOf(injected);
    }
}
