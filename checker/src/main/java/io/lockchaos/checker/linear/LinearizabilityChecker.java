package io.lockchaos.checker.linear;

import io.lockchaos.checker.CheckOptions;
import io.lockchaos.checker.CheckResult;
import io.lockchaos.checker.Checker;
import io.lockchaos.checker.Evidence;
import io.lockchaos.history.History;
import io.lockchaos.checker.model.Model;
import java.util.List;

/**
 * The {@code linearizable} check: a history against one model, through
 * {@link Linearizability}. An invalid result's evidence is the counterexamples; an unknown
 * one's summary is the reason.
 */
public final class LinearizabilityChecker implements Checker {

    public static final String NAME = "linearizable";

    private final Model<?, ?> model;

    public LinearizabilityChecker(Model<?, ?> model) {
        this.model = model;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CheckResult check(History history, CheckOptions options) {
        LinearizabilityResult result = Linearizability.check(history, model, options);
        List<Evidence> evidence = List.copyOf(result.counterexamples());
        return new CheckResult(NAME, result.valid(), model.name() + ": " + result.summary(), evidence);
    }
}
