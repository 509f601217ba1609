package io.lockchaos.harness.explore;

import io.lockchaos.checker.lock.NearMiss;
import io.lockchaos.faults.schedule.Timescale;
import io.lockchaos.harness.run.Lane;
import io.lockchaos.harness.run.Scenario;
import io.lockchaos.history.History;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How close a run came to a lease failure ({@link NearMiss}, against the scenario's lock's
 * shortest timescale), with the holder's worker named as a schedule names it, for the guided
 * search to aim at.
 *
 * @param ms the margin in ms: what was left of the lease when the closest holder let go;
 *     negative past it, or minus the worst unsafe window
 * @param worker the closest hold's worker ({@code worker-2}); empty for an unsafe window's margin
 * @param atMs when that hold began, in ms after the fault schedule's start; empty when not known
 */
public record Margin(double ms, Optional<String> worker, OptionalLong atMs) {

    /** The margin of {@code history}, a run of {@code scenario}; empty for a lock without a timescale or a history without a hold. */
    public static Optional<Margin> of(Scenario scenario, History history) {
        Optional<Duration> term = scenario.lock().timescales().stream().map(Timescale::length).min(Duration::compareTo);
        if (term.isEmpty()) {
            return Optional.empty();
        }
        int total = scenario.lanes().stream().mapToInt(Lane::perLane).sum();
        return NearMiss.of(history, scenario.lock().reentrancy(), term.get()).map(m -> new Margin(m.marginMs(),
                m.holder().map(p -> "worker-" + (p.id() % total + 1)), m.sinceScheduleStartMs()));
    }

    /** {@code margin 9712 ms}, for a run's line and summary. */
    public String words() {
        return String.format(Locale.ROOT, "margin %.0f ms", ms);
    }
}
