package io.lockchaos.checker.linear;

import io.lockchaos.checker.Validity;

/**
 * What the search found in one partition. {@code cancelled} means another partition was
 * found invalid first, so this one has no verdict of its own.
 */
record PartOutcome(String key, Validity valid, Counterexample counterexample, String reason,
                   long configurations, boolean cancelled) {

    static PartOutcome valid(String key, long configurations) {
        return new PartOutcome(key, Validity.VALID, null, "", configurations, false);
    }

    static PartOutcome invalid(String key, Counterexample counterexample, long configurations) {
        return new PartOutcome(key, Validity.INVALID, counterexample, "", configurations, false);
    }

    static PartOutcome unknown(String key, String reason, long configurations) {
        return new PartOutcome(key, Validity.UNKNOWN, null, reason, configurations, false);
    }

    static PartOutcome cancelled(String key, long configurations) {
        return new PartOutcome(key, Validity.UNKNOWN, null, "cancelled", configurations, true);
    }
}
