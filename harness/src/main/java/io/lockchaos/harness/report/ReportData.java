package io.lockchaos.harness.report;

import io.lockchaos.checker.lock.UnsafeWindows;
import io.lockchaos.checker.Validity;
import io.lockchaos.history.History;
import io.lockchaos.history.ops.Reentrancy;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything a report shows.
 *
 * @param header the run's facts
 * @param checks every check's verdict, in results.json's order; empty when none could be made
 * @param layout how processes map to rows
 * @param history the run's history, merged by time (or as far as it was recorded)
 * @param windows the run's unsafe windows, as results.json has them
 * @param reentrancy the lock's ({@code LockBackend.reentrancy}): how its holds are drawn (a
 *     reentrant lock's reentry is part of the hold it re-enters)
 */
public record ReportData(Header header, List<Verdict> checks, Layout layout, History history, UnsafeWindows windows,
                         Reentrancy reentrancy) {

    public ReportData {
        checks = List.copyOf(checks);
        java.util.Objects.requireNonNull(reentrancy, "reentrancy");
    }

    /** Of a lock that is not reentrant. */
    public ReportData(Header header, List<Verdict> checks, Layout layout, History history, UnsafeWindows windows) {
        this(header, checks, layout, history, windows, Reentrancy.NONE);
    }

    /** With the unsafe windows worked out from {@code history}. */
    public ReportData(Header header, List<Verdict> checks, Layout layout, History history) {
        this(header, checks, layout, history, UnsafeWindows.of(history));
    }

    /** The verdict of every check together; unknown when there are none. */
    public Validity valid() {
        if (checks.isEmpty()) {
            return Validity.UNKNOWN;
        }
        Validity v = Validity.VALID;
        for (Verdict c : checks) {
            v = v.merge(c.valid());
        }
        return v;
    }

    /** The verdict {@code check} reached; unknown when it is missing. */
    public Validity got(String check) {
        return checks.stream().filter(c -> c.check().equals(check)).map(Verdict::valid).findFirst()
                .orElse(Validity.UNKNOWN);
    }

    /** Whether every expected verdict came true (vacuously with no expectations). */
    public boolean matched() {
        return header.expect().entrySet().stream().allMatch(e -> got(e.getKey()) == e.getValue());
    }

    /**
     * The run's facts for the page's header.
     *
     * @param scenario the scenario's name
     * @param description its one line
     * @param seed the seed
     * @param duration how long the workers ran
     * @param schedule the fault script; empty for none
     * @param expect check name → expected verdict; empty for none
     * @param failure why the run failed, when it did: the page says so above everything else
     * @param checkedBy where the verdicts come from, e.g. "the run" or "lockchaos report on history.jsonl"
     */
    public record Header(String scenario, String description, long seed, Duration duration, String schedule,
                         Map<String, Validity> expect, Optional<String> failure, String checkedBy) {

        public Header {
            expect = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(expect));
        }
    }
}
