package io.lockchaos.checker.lock;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.Evidence;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Operation;
import io.lockchaos.history.ops.Reentrancy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Check {@code tokens}: per lock, fencing tokens grow in real-time order. If B's acquire was
 * invoked after A's acquire completed {@code :ok}, B's token must be larger than A's. Real-time
 * order is the history's event order, so no times are needed. Grants are sorted by completion
 * and swept in invocation order, keeping the largest token completed so far: O(n log n).
 *
 * <p>A history whose grants carry no tokens (an unfenced lock) is vacuously valid, and the
 * summary says no tokens were seen.
 */
public final class TokensCheck implements Checker {

    static final int MAX_EVIDENCE = 100;

    private final boolean reentrant;

    /** The check of a lock that is not reentrant: every grant is a new hold. */
    public TokensCheck() {
        this(Reentrancy.NONE);
    }

    /**
     * The check of a lock that is reentrant or not. With a reentrant one ({@link Reentrancy#SAME_TOKEN})
     * a grant to the process that holds the lock (a reentry, counted as {@link HoldsCheck#holds(History,
     * Reentrancy)} counts them) is not a new hold: it must carry the token of the hold it re-enters
     * ({@link ReentryTokenChanged} when not) and takes no part in the real-time sweep.
     */
    public TokensCheck(Reentrancy reentrancy) {
        this.reentrant = reentrancy.reentrant();
    }

    @Override
    public String name() {
        return "tokens";
    }

    @Override
    public CheckResult check(History history, CheckOptions options) {
        List<Evidence> evidence = new ArrayList<>();
        long[] mismatches = new long[1];
        Map<String, List<GrantedToken>> byLock = grants(history, reentrant, evidence, mismatches);
        long violations = mismatches[0];
        if (byLock.isEmpty() && violations == 0) {
            return CheckResult.valid(name(), "no grant carried a fencing token, so there were no tokens to check");
        }
        int grants = 0;
        for (Map.Entry<String, List<GrantedToken>> lock : byLock.entrySet()) {
            grants += lock.getValue().size();
            violations += sweep(lock.getKey(), lock.getValue(), evidence);
        }
        String counted = Sentences.count(grants, "token") + " on " + Sentences.count(byLock.size(), "lock");
        if (violations == 0) {
            return CheckResult.valid(name(), "tokens grew in real-time order (" + counted + ")");
        }
        return new CheckResult(name(), Validity.INVALID, Sentences.count(violations, "grant")
                + (reentrant ? " repeated or went below an earlier completed grant's token, or re-entered a hold"
                        + " with another token (" : " repeated or went below an earlier completed grant's token (")
                + counted + ")", evidence);
    }

    /**
     * The grants that began a hold, by lock; of a reentrant lock, each reentry's token is compared
     * with its hold's here (a mismatch counted in {@code mismatches[0]} and added to {@code evidence})
     * and the reentry left out.
     */
    private static Map<String, List<GrantedToken>> grants(History history, boolean reentrant, List<Evidence> evidence,
                                                          long[] mismatches) {
        Map<String, List<GrantedToken>> byLock = new LinkedHashMap<>();
        Map<Holding, Hold> holding = new HashMap<>();
        for (Operation op : history.clientOperations()) {
            boolean acquire = op.f().equals(LockOps.ACQUIRE);
            if (!acquire && !op.f().equals(LockOps.RELEASE)) {
                continue;
            }
            String lock = LockOps.lockOrKey(op.input()).orElse(Sentences.UNNAMED);
            Holding key = new Holding(op.process(), lock);
            Hold held = reentrant ? holding.get(key) : null;
            if (!acquire) {
                if (held != null && --held.depth == 0) {
                    holding.remove(key);
                }
                continue;
            }
            if (!op.isOk()) {
                continue;
            }
            Long token = LockOps.token(op.output()).orElse(null);
            GrantedToken granted = token == null ? null : GrantedToken.of(lock, token, op);
            if (held != null) {
                held.depth++;
                if (held.first == null) {
                    held.first = granted;
                } else if (granted != null && granted.token() != held.first.token()) {
                    mismatches[0]++;
                    if (evidence.size() < MAX_EVIDENCE) {
                        evidence.add(new ReentryTokenChanged(lock, held.first, granted));
                    }
                }
                continue;
            }
            if (reentrant) {
                holding.put(key, new Hold(granted));
            }
            if (granted != null) {
                byLock.computeIfAbsent(lock, k -> new ArrayList<>()).add(granted);
            }
        }
        return byLock;
    }

    private record Holding(io.lockchaos.history.Process process, String lock) {
    }

    /** A hold of a reentrant lock under way: its first token seen, and how many grants deep it is. */
    private static final class Hold {
        GrantedToken first;
        int depth = 1;

        Hold(GrantedToken first) {
            this.first = first;
        }
    }

    private static long sweep(String lock, List<GrantedToken> byInvocation, List<Evidence> evidence) {
        List<GrantedToken> byCompletion = new ArrayList<>(byInvocation);
        byCompletion.sort(Comparator.comparingInt(GrantedToken::completeEvent));
        byInvocation.sort(Comparator.comparingInt(GrantedToken::invokeEvent));
        GrantedToken largest = null;
        int completed = 0;
        long violations = 0;
        for (GrantedToken later : byInvocation) {
            while (completed < byCompletion.size()
                    && byCompletion.get(completed).completeEvent() < later.invokeEvent()) {
                GrantedToken done = byCompletion.get(completed++);
                if (largest == null || done.token() > largest.token()) {
                    largest = done;
                }
            }
            if (largest != null && later.token() <= largest.token()) {
                violations++;
                if (evidence.size() < MAX_EVIDENCE) {
                    evidence.add(new TokenNotIncreasing(lock, largest, later));
                }
            }
        }
        return violations;
    }
}
