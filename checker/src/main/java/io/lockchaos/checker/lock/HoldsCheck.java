package io.lockchaos.checker.lock;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.Evidence;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Op;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import io.lockchaos.history.ops.Reentrancy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Check {@code holds}: the intervals in which clients believed they held a lock (see
 * {@link Hold}) must not overlap between two processes. Needs times; a history without them
 * is unknown. Sorting the holds of each lock by start and sweeping with the latest-ending
 * hold so far finds every hold that starts inside another process's hold in O(n log n). Of a
 * reentrant lock a process's reentries belong to the hold they re-enter ({@link #holds(History, Reentrancy)}).
 */
public final class HoldsCheck implements Checker {

    /** Evidence beyond this many overlaps is counted in the summary, not listed. */
    static final int MAX_EVIDENCE = 100;

    private final boolean reentrant;

    /** The check of a lock that is not reentrant: a process's acquire ends the hold it had (see {@link Hold}). */
    public HoldsCheck() {
        this(Reentrancy.NONE);
    }

    /**
     * The check of a lock that is reentrant or not: with a reentrant one, the holder's acquire of
     * the lock it holds (a reentry) goes on with the hold, and only the release that matches the
     * first grant ends it (each :ok reentry needs one release more; see {@link #holds(History, Reentrancy)}).
     */
    public HoldsCheck(Reentrancy reentrancy) {
        this.reentrant = reentrancy.reentrant();
    }

    @Override
    public String name() {
        return "holds";
    }

    @Override
    public CheckResult check(History history, CheckOptions options) {
        Optional<Op> untimed = history.ops().stream()
                .filter(op -> op.process() instanceof Process.Client && !op.hasTime()).findFirst();
        if (untimed.isPresent()) {
            return CheckResult.unknown(name(), "event " + untimed.get().index() + " of "
                    + history.source() + " has no :time, so hold intervals cannot be compared");
        }
        Map<String, List<Hold>> byLock = new LinkedHashMap<>();
        for (Hold hold : holds(history, reentrant ? Reentrancy.SAME_TOKEN : Reentrancy.NONE)) {
            byLock.computeIfAbsent(hold.lock(), k -> new ArrayList<>()).add(hold);
        }
        if (byLock.isEmpty()) {
            return CheckResult.valid(name(), "no acquire was granted, so no holds to compare");
        }
        List<Evidence> evidence = new ArrayList<>();
        long overlaps = 0;
        int holds = 0;
        for (List<Hold> lockHolds : byLock.values()) {
            holds += lockHolds.size();
            overlaps += sweep(lockHolds, evidence);
        }
        String counted = Sentences.count(holds, "hold") + " of " + Sentences.count(byLock.size(), "lock");
        if (overlaps == 0) {
            return CheckResult.valid(name(), "no two processes' holds overlapped (" + counted + ")");
        }
        return new CheckResult(name(), Validity.INVALID, Sentences.count(overlaps, "hold") + " began while another process"
                + " still believed it held the same lock (" + counted + ")", evidence);
    }

    private static long sweep(List<Hold> holds, List<Evidence> evidence) {
        holds.sort(Comparator.comparingLong(Hold::start));
        Hold latest = null;
        long overlaps = 0;
        for (Hold hold : holds) {
            if (latest != null && hold.start() < latest.end() && !hold.process().equals(latest.process())) {
                overlaps++;
                if (evidence.size() < MAX_EVIDENCE) {
                    long overlap = Math.min(latest.end(), hold.end()) - hold.start();
                    evidence.add(new OverlappingHolds(hold.lock(), latest, hold, overlap / 1e6));
                }
            }
            if (latest == null || hold.end() > latest.end()) {
                latest = hold;
            }
        }
        return overlaps;
    }

    /** Every hold in the history of a lock that is not reentrant, per process in order; see {@link Hold} for where each ends. */
    public static List<Hold> holds(History history) {
        return holds(history, Reentrancy.NONE);
    }

    /**
     * Every hold in the history, per process in order; see {@link Hold} for where each ends. Of
     * a reentrant lock, a hold runs from the grant that found the process holding nothing to
     * the release that leaves it holding nothing: each {@code :ok} acquire of the lock it holds
     * counts one grant more, each release (whatever its outcome: the process moves on) one less.
     */
    public static List<Hold> holds(History history, Reentrancy reentrancy) {
        long historyEnd = Long.MIN_VALUE;
        Map<Process, List<Operation>> byProcess = new LinkedHashMap<>();
        for (Operation op : history.operations()) {
            if (op.process() instanceof Process.Client) {
                byProcess.computeIfAbsent(op.process(), k -> new ArrayList<>()).add(op);
                historyEnd = Math.max(historyEnd, lastTime(op));
            }
        }
        List<Hold> result = new ArrayList<>();
        for (List<Operation> ops : byProcess.values()) {
            processHolds(ops, historyEnd, reentrancy.reentrant(), result);
        }
        return result;
    }

    private static void processHolds(List<Operation> ops, long historyEnd, boolean reentrant, List<Hold> result) {
        Map<String, Operation> open = new LinkedHashMap<>();
        Map<String, Integer> depth = new HashMap<>();
        for (Operation op : ops) {
            boolean acquire = op.f().equals(LockOps.ACQUIRE);
            if (!acquire && !op.f().equals(LockOps.RELEASE)) {
                continue;
            }
            String lock = LockOps.lockOrKey(op.input()).orElse(Sentences.UNNAMED);
            if (reentrant && open.containsKey(lock) && (acquire || depth.get(lock) > 1)) {
                depth.merge(lock, acquire ? (op.isOk() ? 1 : 0) : -1, Integer::sum);
                continue;
            }
            Operation grant = open.remove(lock);
            if (grant != null) {
                result.add(hold(lock, grant, op.invokeTime(), !acquire));
            }
            if (acquire && op.isOk()) {
                open.put(lock, op);
                depth.put(lock, 1);
            }
        }
        Operation last = ops.get(ops.size() - 1);
        long end = last.isIndeterminate() ? historyEnd : lastTime(last);
        open.forEach((lock, grant) -> result.add(hold(lock, grant, end, false)));
    }

    private static Hold hold(String lock, Operation grant, long end, boolean released) {
        long start = grant.completion().time();
        return new Hold(lock, grant.process(), LockOps.token(grant.output()).orElse(null), start,
                Math.max(start, end), released);
    }

    private static long lastTime(Operation op) {
        return op.completed().map(Op::time).orElse(op.invokeTime());
    }
}
