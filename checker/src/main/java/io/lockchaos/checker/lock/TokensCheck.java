package io.lockchaos.checker.lock;

import io.lockchaos.history.ops.LockOps;
import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.Evidence;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.Operation;
import java.util.ArrayList;
import java.util.Comparator;
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

    @Override
    public String name() {
        return "tokens";
    }

    @Override
    public CheckResult check(History history, CheckOptions options) {
        Map<String, List<GrantedToken>> byLock = grants(history);
        if (byLock.isEmpty()) {
            return CheckResult.valid(name(), "no grant carried a fencing token, so there were no tokens to check");
        }
        List<Evidence> evidence = new ArrayList<>();
        long violations = 0;
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
                + " repeated or went below an earlier completed grant's token (" + counted + ")", evidence);
    }

    private static Map<String, List<GrantedToken>> grants(History history) {
        Map<String, List<GrantedToken>> byLock = new LinkedHashMap<>();
        for (Operation op : history.clientOperations()) {
            if (!op.isOk() || !op.f().equals(LockOps.ACQUIRE)) {
                continue;
            }
            String lock = LockOps.lockOrKey(op.input()).orElse(Sentences.UNNAMED);
            Long token = LockOps.token(op.output()).orElse(null);
            if (token != null) {
                byLock.computeIfAbsent(lock, k -> new ArrayList<>()).add(GrantedToken.of(lock, token, op));
            }
        }
        return byLock;
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
