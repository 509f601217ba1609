package io.lockchaos.harness.matrix;

import io.lockchaos.harness.run.Scenario;
import io.lockchaos.checker.Validity;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One scenario's runs in the matrix.
 *
 * @param scenario the scenario
 * @param runs its runs, in order
 */
public record MatrixRow(MatrixScenario scenario, List<RunSummary> runs) {

    public MatrixRow {
        runs = List.copyOf(runs);
    }

    /** Its runs' workload and quiet time ({@code durationMs + quietMs} each), in seconds. */
    public double workloadSeconds() {
        Scenario s = scenario.scenario();
        return runs.size() * (s.duration().toMillis() + s.quiet().toMillis()) / 1000.0;
    }

    /** Its runs' wall seconds, rounded, in order: {@code 41} or {@code 41, 43}. */
    public String wallText() {
        return String.join(", ", runs.stream().map(r -> String.valueOf(Math.round(r.wallSeconds()))).toList());
    }

    /** Runs in which every expected verdict came true. */
    public int matched() {
        return (int) runs.stream().filter(RunSummary::matched).count();
    }

    /** Whether a run was carried out and an expected verdict did not come true. */
    public boolean anyMismatched() {
        return runs.stream().anyMatch(r -> r.carriedOut() && !r.matched());
    }

    /** Whether a run could not be carried out (no verdicts: a crash, not a finding). */
    public boolean anyFailed() {
        return runs.stream().anyMatch(r -> !r.carriedOut());
    }

    /** How many runs gave each verdict for {@code check}. */
    public Map<Validity, Integer> verdicts(String check) {
        Map<Validity, Integer> counts = new EnumMap<>(Validity.class);
        for (Validity v : Validity.values()) {
            counts.put(v, 0);
        }
        runs.forEach(r -> counts.merge(r.verdict(check), 1, Integer::sum));
        return counts;
    }

    /** The verdict {@code check} is expected to reach; empty when the scenario states none. */
    public java.util.Optional<Validity> expected(String check) {
        return java.util.Optional.ofNullable(scenario.scenario().expect().get(check));
    }

    public int staleRefused() {
        return runs.stream().mapToInt(RunSummary::staleRefused).sum();
    }

    public int lostUpdates() {
        return runs.stream().mapToInt(RunSummary::lostUpdates).sum();
    }

    /** The longest unsafe window over the runs that measured one, in ms (0: none had a window); empty when none measured. */
    public java.util.OptionalDouble worstUnsafeWindowMs() {
        return runs.stream().map(RunSummary::worstUnsafeWindowMs).filter(java.util.OptionalDouble::isPresent)
                .mapToDouble(java.util.OptionalDouble::getAsDouble).max();
    }
}
