package io.lockchaos.workloads.worker;

import io.lockchaos.workloads.storage.AppendResult;
import io.lockchaos.history.ops.Fencing;
import io.lockchaos.workloads.storage.LedgerEntry;
import io.lockchaos.workloads.storage.ReadResult;
import io.lockchaos.workloads.storage.StaleToken;
import io.lockchaos.workloads.storage.Storage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** An in-memory fenced ledger for the loop's unit tests; can fail the next read or append. */
final class FakeStorage implements Storage {

    private final Map<String, List<LedgerEntry>> ledgers = new HashMap<>();
    private final Map<String, Long> highest = new HashMap<>();
    boolean failNextRead;
    boolean failNextAppend;
    long forceHighest = -1;

    @Override
    public Fencing fencing() {
        return Fencing.FENCED;
    }

    @Override
    public synchronized ReadResult read(String key, OptionalLong token) {
        if (failNextRead) {
            failNextRead = false;
            throw new IllegalStateException("read timed out");
        }
        if (!fence(key, token)) {
            return new StaleToken(highest.get(key));
        }
        List<LedgerEntry> ledger = ledgers.getOrDefault(key, List.of());
        return new ReadResult.Last(ledger.isEmpty() ? Optional.empty() : Optional.of(ledger.get(ledger.size() - 1).id()));
    }

    @Override
    public synchronized AppendResult append(String key, LedgerEntry entry) {
        if (failNextAppend) {
            failNextAppend = false;
            throw new IllegalStateException("append timed out");
        }
        if (!fence(key, entry.token())) {
            return new StaleToken(highest.get(key));
        }
        ledgers.computeIfAbsent(key, k -> new ArrayList<>()).add(entry);
        return AppendResult.APPLIED;
    }

    private boolean fence(String key, OptionalLong token) {
        long mark = Math.max(forceHighest, highest.getOrDefault(key, -1L));
        long t = token.orElseThrow();
        if (t < mark) {
            highest.put(key, mark);
            return false;
        }
        highest.put(key, t);
        return true;
    }

    @Override
    public synchronized List<LedgerEntry> readAll(String key) {
        return List.copyOf(ledgers.getOrDefault(key, List.of()));
    }

    @Override
    public void close() {
    }
}
