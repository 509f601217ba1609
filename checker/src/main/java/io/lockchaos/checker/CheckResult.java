package io.lockchaos.checker;

import java.util.List;
import java.util.Objects;

/**
 * What one check concluded about one history.
 *
 * @param check    the check's name as it appears in JSON ({@code mutex}, {@code holds},
 *                 {@code tokens}, {@code ledger}, {@code linearizable}, ...)
 * @param valid    the verdict
 * @param summary  one line for people: what was checked and what was found
 * @param evidence the anomalies behind an invalid verdict, or the reason for unknown
 */
public record CheckResult(String check, Validity valid, String summary, List<Evidence> evidence) {

    public CheckResult {
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(valid, "valid");
        Objects.requireNonNull(summary, "summary");
        evidence = List.copyOf(evidence);
    }

    public static CheckResult valid(String check, String summary) {
        return new CheckResult(check, Validity.VALID, summary, List.of());
    }

    public static CheckResult unknown(String check, String reason) {
        return new CheckResult(check, Validity.UNKNOWN, reason, List.of());
    }
}
