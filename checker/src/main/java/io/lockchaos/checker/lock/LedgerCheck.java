package io.lockchaos.checker.lock;

import io.lockchaos.history.ops.Fencing;
import io.lockchaos.history.ops.LockOps;
import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.Evidence;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.HistoryFormatException;
import io.lockchaos.history.Operation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Check {@code ledger}: the protected data, from the final {@code read-all} of each key.
 * Every {@code :ok} append is present exactly once; no {@code :fail} append is present
 * ({@code :info} ones may or may not be); every entry's {@code prev} is the entry before it
 * (else a lost update, naming both writers); entries no append wrote are reported; and when
 * fencing is on (entries and appends carry tokens, and the final read does not say
 * {@code :fencing "unfenced"}) tokens never decrease along the ledger. An unfenced store
 * ignores tokens, so a token going down there is the {@code tokens} check's finding, not the data's.
 *
 * <p>No appends and no final read: nothing to check, valid. Acknowledged appends to a key
 * without a completed final read: unknown, since nobody can say whether they survived.
 */
public final class LedgerCheck implements Checker {

    static final int MAX_EVIDENCE = 100;

    @Override
    public String name() {
        return "ledger";
    }

    @Override
    public CheckResult check(History history, CheckOptions options) {
        try {
            return judge(history);
        } catch (HistoryFormatException e) {
            return CheckResult.unknown(name(), "the final read cannot be read: " + e.getMessage());
        }
    }

    private CheckResult judge(History history) {
        Map<String, Map<String, LedgerAppend>> appends = new LinkedHashMap<>();
        Map<String, Operation> finals = new LinkedHashMap<>();
        int refused = collect(history, appends, finals);
        if (appends.isEmpty() && finals.isEmpty()) {
            return CheckResult.valid(name(), "the history has no appends and no final read: nothing to check");
        }
        Map<String, List<FinalReadEntry>> ledgers = new LinkedHashMap<>();
        List<Evidence> unread = new ArrayList<>();
        readLedgers(history.source(), appends, finals, ledgers, unread);
        boolean tokens = appends.values().stream().flatMap(m -> m.values().stream()).anyMatch(a -> a.token() != null)
                && ledgers.values().stream().flatMap(List::stream).anyMatch(e -> e.token() != null);
        LedgerWalk walk = new LedgerWalk(MAX_EVIDENCE);
        int entries = 0;
        int fencedLedgers = 0;
        for (Map.Entry<String, List<FinalReadEntry>> ledger : ledgers.entrySet()) {
            entries += ledger.getValue().size();
            boolean fenced = tokens && storeFences(finals.get(ledger.getKey()));
            fencedLedgers += fenced ? 1 : 0;
            walk.check(ledger.getKey(), ledger.getValue(), appends.getOrDefault(ledger.getKey(), Map.of()), fenced);
        }
        String counted = (entries == 1 ? "1 entry" : entries + " entries") + " in "
                + Sentences.count(ledgers.size(), "ledger") + ", " + fencing(fencedLedgers, ledgers.size())
                + (refused > 0 ? ", " + Sentences.count(refused, "operation") + " refused as stale" : "");
        if (walk.anomalies() > 0) {
            String found = walk.anomalies() == 1 ? "1 ledger anomaly" : walk.anomalies() + " ledger anomalies";
            return new CheckResult(name(), Validity.INVALID, found + " (" + counted + ")", walk.findings());
        }
        if (!unread.isEmpty()) {
            return new CheckResult(name(), Validity.UNKNOWN, Sentences.count(unread.size(), "key")
                    + " with acknowledged appends " + (unread.size() == 1 ? "has" : "have")
                    + " no completed final read, so their data cannot be checked (" + counted + ")", unread);
        }
        return CheckResult.valid(name(), "every acknowledged append is present once, in an unbroken chain ("
                + counted + ")");
    }

    /**
     * Whether the store that answered {@code read} checks tokens: its {@code :fencing} says so
     * ({@code "unfenced"} does not); a read that does not say is taken to be from a fencing store.
     */
    private static boolean storeFences(Operation read) {
        return read == null || !LockOps.Field.FENCING.string(read.output()).map(Fencing.UNFENCED.id()::equals).orElse(false);
    }

    private static String fencing(int fenced, int ledgers) {
        return fenced == ledgers ? "fenced" : fenced == 0 ? "not fenced" : fenced + " fenced";
    }

    /** Splits the keys into those with a completed final read (their ledgers) and those without, with appends. */
    private static void readLedgers(String source, Map<String, Map<String, LedgerAppend>> appends,
                                    Map<String, Operation> finals, Map<String, List<FinalReadEntry>> ledgers,
                                    List<Evidence> unread) {
        Set<String> keys = new LinkedHashSet<>(appends.keySet());
        keys.addAll(finals.keySet());
        for (String key : keys) {
            Operation read = finals.get(key);
            long acknowledged = appends.getOrDefault(key, Map.of()).values().stream()
                    .filter(a -> a.operation().isOk()).count();
            if (read != null && read.isOk()) {
                ledgers.put(key, FinalReadEntry.all(source, read));
            } else if (acknowledged > 0) {
                String why = read == null ? "the history has no :read-all of it"
                        : "its :read-all completed :" + read.type().keyword();
                unread.add(new LedgerFinding.NoFinalRead(key, (int) acknowledged, why));
            }
        }
    }

    /** Gathers appends per key and id, and the last final read per key; returns how many operations were refused as stale. */
    private static int collect(History history, Map<String, Map<String, LedgerAppend>> appends,
                               Map<String, Operation> finals) {
        int refused = 0;
        for (Operation op : history.operations()) {
            if (op.isFail() && LockOps.isStaleToken(op.completion().error())) {
                refused++;
            }
            if (op.f().equals(LockOps.READ_ALL)) {
                Optional<String> key = LockOps.lockOrKey(op.input());
                if (key.isPresent()) {
                    finals.put(key.get(), op);
                }
            } else if (op.f().equals(LockOps.APPEND)) {
                LedgerAppend.of(op).ifPresent(a -> appends.computeIfAbsent(a.key(), k -> new LinkedHashMap<>())
                        .merge(a.id(), a, LedgerAppend::likelier));
            }
        }
        return refused;
    }
}
