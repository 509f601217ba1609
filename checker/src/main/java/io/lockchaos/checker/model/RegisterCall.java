package io.lockchaos.checker.model;

import io.lockchaos.history.Value;

/**
 * A register operation as the register models prepare it. Each call knows its own step, so
 * the models stay a few lines each. The state is the register's {@link Value};
 * {@link Value#NIL} is the initial, absent value.
 */
public sealed interface RegisterCall {

    // Shared reasons: the search calls apply millions of times and needs none of them built.
    Step<Value> READ_OTHER = Step.inconsistent("the register holds another value");
    Step<Value> CAS_MISMATCH = Step.inconsistent("the register does not hold the cas's from value");
    Step<Value> CAS_MATCH = Step.inconsistent("the register holds the cas's from value, so the cas would have succeeded");

    /**
     * The first call that needs a value no call or the initial value produces: a read of it,
     * or a successful cas from it; -1 when there is none. Producers are the initial value,
     * every write (indeterminate ones too: they may have happened) and every cas that
     * succeeded or may have.
     */
    static int unproduced(Value initial, java.util.List<RegisterCall> calls) {
        java.util.Set<Value> produced = new java.util.HashSet<>();
        produced.add(initial);
        for (RegisterCall call : calls) {
            if (call instanceof Write w) {
                produced.add(w.value());
            } else if (call instanceof Cas c && c.outcome() != CasOutcome.FAILED) {
                produced.add(c.to());
            }
        }
        for (int i = 0; i < calls.size(); i++) {
            RegisterCall call = calls.get(i);
            if (call instanceof Read r && !produced.contains(r.value())
                    || call instanceof Cas c && c.outcome() == CasOutcome.SUCCEEDED && !produced.contains(c.from())) {
                return i;
            }
        }
        return -1;
    }

    /** Applies this call to the register's current value. */
    Step<Value> apply(Value current);

    /** A completed read that returned {@code value} ({@code nil}: the register is absent). */
    record Read(Value value) implements RegisterCall {
        @Override
        public Step<Value> apply(Value current) {
            return current.equals(value) ? Step.next(current) : READ_OTHER;
        }

        @Override
        public String toString() {
            return "read " + value;
        }
    }

    /** A write that took effect, or may have (indeterminate). */
    record Write(Value value) implements RegisterCall {
        @Override
        public Step<Value> apply(Value current) {
            return Step.next(value);
        }

        @Override
        public String toString() {
            return "write " + value;
        }
    }

    /**
     * A compare-and-set from {@code from} to {@code to}. {@link CasOutcome#SUCCEEDED} is
     * legal only when the register holds {@code from}; {@link CasOutcome#FAILED} only when it
     * does not (and changes nothing); {@link CasOutcome#UNKNOWN} always (it sets {@code to}
     * exactly when the compare matches).
     */
    record Cas(Value from, Value to, CasOutcome outcome) implements RegisterCall {
        @Override
        public Step<Value> apply(Value current) {
            boolean matches = current.equals(from);
            switch (outcome) {
                case SUCCEEDED:
                    return matches ? Step.next(to) : CAS_MISMATCH;
                case FAILED:
                    return matches ? CAS_MATCH : Step.next(current);
                default:
                    return Step.next(matches ? to : current);
            }
        }

        @Override
        public String toString() {
            return "cas [" + from + " " + to + "] " + outcome.name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** What a compare-and-set reported. */
    enum CasOutcome {
        SUCCEEDED,
        FAILED,
        UNKNOWN
    }
}
