package io.lockchaos.checker.linear;

import io.lockchaos.history.Operation;
import io.lockchaos.checker.model.Model;
import io.lockchaos.checker.model.Step;
import java.util.ArrayList;
import java.util.List;

/**
 * The deepest points where a search got stuck, kept small and cheap: only the last few
 * linearized operations and a few pending ones are copied, so recording stays O(1) even in a
 * history of a million operations. They become the {@link Counterexample}.
 */
final class DeadEnds<S, C> {

    static final int LAST = 10;
    static final int PENDING = 20;
    static final int WALK = 64;
    private static final int KEPT = 3;

    private final Model<S, C> model;
    private final Part<C> part;
    private final List<DeadEnd<S>> deepest = new ArrayList<>();
    private int deepestDepth = -1;

    private record DeadEnd<S>(int op, int depth, S state, int[] last, int[] pending) {
    }

    DeadEnds(Model<S, C> model, Part<C> part) {
        this.model = model;
        this.part = part;
    }

    /** Whether a dead end at this depth, op and state would be kept. */
    boolean wants(int depth, int op, S state) {
        if (depth > deepestDepth) {
            return true;
        }
        if (depth < deepestDepth || deepest.size() >= KEPT) {
            return false;
        }
        for (DeadEnd<S> d : deepest) {
            if (d.op == op && d.state.equals(state)) {
                return false;
            }
        }
        return true;
    }

    void record(int op, int depth, S state, int[] last, int[] pending) {
        if (depth > deepestDepth) {
            deepest.clear();
            deepestDepth = depth;
        }
        deepest.add(new DeadEnd<>(op, depth, state, last, pending));
    }

    /**
     * The counterexample of a refutation found before the search: {@code op} cannot be
     * linearized anywhere, for the reason given (no prefix was needed to show it).
     */
    Counterexample refuted(int op, S initial, String why) {
        Counterexample.Prefix none = new Counterexample.Prefix(0, part.size(), List.of(), model.describeState(initial),
                model.describe(part.calls().get(op)) + " cannot follow anything: " + why, List.of(), 0);
        return new Counterexample(model.name(), part.key(), call(op), List.of(none));
    }

    Counterexample counterexample() {
        List<Counterexample.Prefix> prefixes = new ArrayList<>();
        for (DeadEnd<S> d : deepest) {
            List<Counterexample.Call> last = new ArrayList<>();
            for (int op : d.last) {
                last.add(call(op));
            }
            List<Counterexample.Call> pending = new ArrayList<>();
            for (int i = 0; i < Math.min(PENDING, d.pending.length); i++) {
                pending.add(call(d.pending[i]));
            }
            prefixes.add(new Counterexample.Prefix(d.depth, part.size(), last, model.describeState(d.state),
                    reason(d), pending, d.pending.length));
        }
        return new Counterexample(model.name(), part.key(), call(deepest.get(0).op), prefixes);
    }

    private String reason(DeadEnd<S> d) {
        C call = part.calls().get(d.op);
        Step<S> step = model.step(d.state, call);
        String why = step instanceof Step.Inconsistent<S> no ? no.reason()
                : "it is legal there, but every way on from it was already explored and got stuck";
        return model.describe(call) + " cannot follow: " + why;
    }

    private Counterexample.Call call(int op) {
        Operation o = part.operations().get(op);
        return new Counterexample.Call(o.process().toString(), o.type().keyword(), o.f(), o.input().toString(),
                o.completion() == null ? null : o.output().toString(), model.describe(part.calls().get(op)),
                o.invocation().index(), o.completion() == null ? -1 : o.completion().index());
    }
}
