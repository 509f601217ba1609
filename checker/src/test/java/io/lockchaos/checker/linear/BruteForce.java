package io.lockchaos.checker.linear;

import io.lockchaos.history.History;
import io.lockchaos.history.Operation;
import io.lockchaos.history.Process;
import io.lockchaos.checker.model.Model;
import io.lockchaos.checker.model.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The definition of linearizability, executed: tries every order of the operations that
 * respects real time (an operation completed before another was invoked comes first), with
 * each indeterminate operation placed anywhere after its invocation or left out. Exponential;
 * for histories of a handful of operations only. Partitions are ignored, so use it with
 * single-partition models.
 */
final class BruteForce<S, C> {

    private final Model<S, C> model;
    private final List<C> calls = new ArrayList<>();
    private final List<Integer> invoked = new ArrayList<>();
    private final List<Integer> completed = new ArrayList<>();
    private final List<Boolean> determinate = new ArrayList<>();

    BruteForce(Model<S, C> model, History history) {
        this.model = model;
        for (Operation op : history.operations()) {
            if (!(op.process() instanceof Process.Client)) {
                continue;
            }
            Optional<C> call = model.prepare(op);
            if (call.isPresent()) {
                calls.add(call.get());
                invoked.add(op.invocation().index());
                determinate.add(!op.isIndeterminate());
                completed.add(op.isIndeterminate() ? Integer.MAX_VALUE : op.completion().index());
            }
        }
    }

    boolean linearizable() {
        int mustPlace = 0;
        for (boolean d : determinate) {
            mustPlace += d ? 1 : 0;
        }
        return search(model.init(), new boolean[calls.size()], mustPlace);
    }

    private boolean search(S state, boolean[] placed, int mustPlace) {
        if (mustPlace == 0) {
            return true;
        }
        for (int x = 0; x < calls.size(); x++) {
            if (placed[x] || !mayComeNext(x, placed)) {
                continue;
            }
            Step<S> step = model.step(state, calls.get(x));
            if (step instanceof Step.Next<S> next) {
                placed[x] = true;
                boolean found = search(next.state(), placed, mustPlace - (determinate.get(x) ? 1 : 0));
                placed[x] = false;
                if (found) {
                    return true;
                }
            }
        }
        return false;
    }

    /** No unplaced determinate operation completed before x was invoked. */
    private boolean mayComeNext(int x, boolean[] placed) {
        for (int y = 0; y < calls.size(); y++) {
            if (y != x && !placed[y] && determinate.get(y) && completed.get(y) < invoked.get(x)) {
                return false;
            }
        }
        return true;
    }
}
