package io.lockchaos.checker.linear;

import io.lockchaos.checker.Validity;

/**
 * What the search found in one partition. {@code cancelled} means another partition was
 * found invalid first, so this one has no verdict of its own; {@code unsearched}, that the
 * time limit ran out before its search began (its operations are counted in
 * {@code operations}).
 */
record PartOutcome(String key, Validity valid, Counterexample counterexample, String reason,
                   long configurations, boolean cancelled, boolean unsearched, int operations) {

    static PartOutcome valid(String key, long configurations) {
        return new PartOutcome(key, Validity.VALID, null, "", configurations, false, false, 0);
    }

    static PartOutcome invalid(String key, Counterexample counterexample, long configurations) {
        return new PartOutcome(key, Validity.INVALID, counterexample, "", configurations, false, false, 0);
    }

    static PartOutcome unknown(String key, String reason, long configurations) {
        return new PartOutcome(key, Validity.UNKNOWN, null, reason, configurations, false, false, 0);
    }

    static PartOutcome cancelled(String key, long configurations) {
        return new PartOutcome(key, Validity.UNKNOWN, null, "cancelled", configurations, true, false, 0);
    }

    /** This outcome, counting {@code total} configurations (a partition's searches together). */
    PartOutcome withConfigurations(long total) {
        return new PartOutcome(key, valid, counterexample, reason, total, cancelled, unsearched, operations);
    }

    /** The time limit ran out before this partition's turn came. */
    static PartOutcome notSearched(String key, int operations) {
        return new PartOutcome(key, Validity.UNKNOWN, null, "not searched", 0, false, true, operations);
    }
}
