package io.lockchaos.checker.linear;

import io.lockchaos.checker.Validity;
import io.lockchaos.checker.model.Model;
import java.util.ArrayList;
import java.util.List;

/**
 * One partition's two searches, in the lazy and the eager order of trying indeterminate calls
 * (see {@link Search}), taking turns in slices: the first verdict wins, and both are complete,
 * so it is right whichever it comes from. Each is fast where the other is slow, and together
 * they cost at most twice the faster one. The eager search starts only when the lazy one has
 * not finished in its first slice, so an easy partition pays for one. They share the
 * configuration bound, half each; one that reaches its half stops and leaves the turns to the
 * other.
 */
final class Searches<S, C> {

    private final Model<S, C> model;
    private final Part<C> part;
    private final Budget budget;
    private final long half;
    private final List<Search<S, C>> live = new ArrayList<>(2);
    private final List<Search<S, C>> all = new ArrayList<>(2);
    private int next;

    Searches(Model<S, C> model, Part<C> part, Budget budget) {
        this.model = model;
        this.part = part;
        this.budget = budget;
        this.half = Math.max(1, budget.maxConfigs() / 2);
        all.add(new Search<>(model, part, budget, false, half));
        live.addAll(all);
    }

    /** Runs the next search for at most {@code slice} steps: the partition's outcome, or null when not done. */
    PartOutcome resume(long slice) {
        Search<S, C> search = live.get(next);
        PartOutcome outcome = search.resume(slice);
        if (outcome == null) {
            startEager();
            next = (next + 1) % live.size();
            return null;
        }
        if (outcome.valid() != Validity.UNKNOWN || outcome.cancelled()) {
            return outcome.withConfigurations(progress().configurations());
        }
        if (!search.bounded()) {
            return PartOutcome.unknown(part.key(), part.label() + ": " + budget.limit() + " ran out; "
                    + progress().describe() + " (raise --time-limit)", progress().configurations());
        }
        live.remove(search);
        startEager();
        next = 0;
        if (!live.isEmpty()) {
            return null;
        }
        return PartOutcome.unknown(part.key(), part.label() + ": remembered more than " + budget.maxConfigs()
                + " configurations (the --max-configs bound); " + progress().describe()
                + " (raise --max-configs, which takes more memory)", progress().configurations());
    }

    /** Starts the eager search, once: the lazy one did not finish in its first slice. */
    private void startEager() {
        if (all.size() == 1) {
            all.add(new Search<>(model, part, budget, true, Math.max(1, budget.maxConfigs() - half)));
            live.add(all.get(1));
        }
    }

    /** How far both searches got: the longer prefix, the configurations of both. */
    Progress progress() {
        int prefix = 0;
        long configurations = 0;
        for (Search<S, C> search : all) {
            Progress p = search.progress();
            prefix = Math.max(prefix, p.longestPrefix());
            configurations += p.configurations();
        }
        return new Progress(prefix, part.size(), configurations);
    }
}
