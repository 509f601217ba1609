package io.lockchaos.checker.linear;

import io.lockchaos.checker.Validity;
import java.util.List;
import java.util.Objects;

/**
 * What the linearizability search concluded.
 *
 * @param valid           the verdict
 * @param counterexamples for an invalid history, one per partition found not linearizable
 *                        (others may have been cancelled); empty otherwise
 * @param reason          for unknown, why the search could not decide (which partition, how
 *                        far it got); empty otherwise
 * @param stats           how much work it took
 */
public record LinearizabilityResult(Validity valid, List<Counterexample> counterexamples, String reason,
                                    Stats stats) {

    public LinearizabilityResult {
        Objects.requireNonNull(valid, "valid");
        counterexamples = List.copyOf(counterexamples);
        reason = reason == null ? "" : reason;
        Objects.requireNonNull(stats, "stats");
    }

    /**
     * @param partitions     how many independent parts the model split the history into
     * @param operations     how many operations the model kept (across all partitions)
     * @param configurations how many (linearized set, state) configurations the search
     *                       remembered, summed over partitions
     * @param elapsedSeconds wall time of the whole check
     */
    public record Stats(int partitions, int operations, long configurations, double elapsedSeconds) {
    }

    /** One line for people. */
    public String summary() {
        String work = stats.operations() + " operations in " + stats.partitions() + " partition"
                + (stats.partitions() == 1 ? "" : "s") + ", " + stats.configurations() + " configurations, "
                + String.format(java.util.Locale.ROOT, "%.3f s", stats.elapsedSeconds());
        switch (valid) {
            case VALID:
                return "linearizable (" + work + ")";
            case INVALID:
                return "not linearizable: " + counterexamples.get(0).explanation() + " (" + work + ")";
            default:
                return "unknown: " + reason + " (" + work + ")";
        }
    }
}
