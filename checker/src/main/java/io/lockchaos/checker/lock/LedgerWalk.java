package io.lockchaos.checker.lock;

import io.lockchaos.checker.Evidence;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Walks one ledger after another, collecting the {@code ledger} check's findings; linear in entries. */
final class LedgerWalk {

    private final int maxEvidence;
    private final List<Evidence> findings = new ArrayList<>();
    private long anomalies;

    LedgerWalk(int maxEvidence) {
        this.maxEvidence = maxEvidence;
    }

    long anomalies() {
        return anomalies;
    }

    List<Evidence> findings() {
        return findings;
    }

    /**
     * Checks one ledger: presence and chain always; with {@code fenced}, also that tokens never
     * decrease along it (an unfenced store does not look at tokens, so there it proves nothing).
     */
    void check(String key, List<FinalReadEntry> entries, Map<String, LedgerAppend> appends, boolean fenced) {
        Map<String, Integer> first = new HashMap<>();
        Map<String, Integer> count = new HashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            first.putIfAbsent(entries.get(i).id(), i);
            count.merge(entries.get(i).id(), 1, Integer::sum);
        }
        int fencedFrom = -1;
        for (int i = 0; i < entries.size(); i++) {
            FinalReadEntry entry = entries.get(i);
            LedgerAppend append = appends.get(entry.id());
            presence(key, entry, append, count.get(entry.id()), first.get(entry.id()) == i);
            chain(key, entries, i, appends, first);
            Long token = token(entry, append);
            if (fenced && token != null) {
                FinalReadEntry top = fencedFrom < 0 ? null : entries.get(fencedFrom);
                long topToken = top == null ? Long.MIN_VALUE : token(top, appends.get(top.id()));
                if (top != null && token < topToken) {
                    report(new LedgerFinding.TokenDecrease(key, entry.id(), writer(entry, append), token,
                            top.id(), writer(top, appends.get(top.id())), topToken));
                } else {
                    fencedFrom = i;
                }
            }
        }
        for (LedgerAppend append : appends.values()) {
            if (append.operation().isOk() && !count.containsKey(append.id())) {
                report(new LedgerFinding.MissingAppend(key, append.id(), append.process(), append.token(),
                        append.operation().completion().time()));
            }
        }
    }

    private void presence(String key, FinalReadEntry entry, LedgerAppend append, int times, boolean firstTime) {
        if (append == null) {
            report(new LedgerFinding.UnknownEntry(key, entry.id(), entry.process()));
        } else if (append.operation().isFail() && firstTime) {
            Value error = append.operation().completion().error();
            report(new LedgerFinding.FailedAppendPresent(key, entry.id(), append.process(), append.token(),
                    error.isNil() ? null : error.toString()));
        }
        if (times > 1 && firstTime) {
            report(new LedgerFinding.DuplicateEntry(key, entry.id(), writer(entry, append), times));
        }
    }

    private void chain(String key, List<FinalReadEntry> entries, int i, Map<String, LedgerAppend> appends,
                       Map<String, Integer> first) {
        FinalReadEntry entry = entries.get(i);
        LedgerAppend append = appends.get(entry.id());
        boolean known = entry.hasPrev() || (append != null && append.hasPrev());
        String basedOn = entry.hasPrev() ? entry.prev() : append == null ? null : append.prev();
        String expected = i == 0 ? null : entries.get(i - 1).id();
        if (!known || Objects.equals(basedOn, expected)) {
            return;
        }
        Integer at = basedOn == null ? null : first.get(basedOn);
        boolean found = at != null && at < i;
        int unseenAt = found ? at + 1 : i - 1;
        FinalReadEntry unseen = unseenAt < 0 ? null : entries.get(unseenAt);
        LedgerAppend unseenAppend = unseen == null ? null : appends.get(unseen.id());
        report(new LedgerFinding.LostUpdate(key, entry.id(), writer(entry, append), token(entry, append),
                append == null ? -1 : append.time(), basedOn, found,
                unseen == null ? null : unseen.id(), unseen == null ? null : writer(unseen, unseenAppend),
                unseen == null ? null : token(unseen, unseenAppend), found ? i - 1 - at : 1));
    }

    private void report(LedgerFinding finding) {
        anomalies++;
        if (findings.size() < maxEvidence) {
            findings.add(finding);
        }
    }

    private static Long token(FinalReadEntry entry, LedgerAppend append) {
        return entry.token() != null ? entry.token() : append == null ? null : append.token();
    }

    private static Process writer(FinalReadEntry entry, LedgerAppend append) {
        return entry.process() != null ? entry.process() : append == null ? null : append.process();
    }
}
