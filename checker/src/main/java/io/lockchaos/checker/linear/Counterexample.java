package io.lockchaos.checker.linear;

import io.lockchaos.checker.Evidence;
import java.util.List;

/**
 * Why a history (one partition of it) is not linearizable, as a person reads it: the
 * operation that cannot be linearized, and the longest linearizable prefixes the search
 * reached before getting stuck on it, each with its last operations in linearization order,
 * the model state there and the operations pending at that point.
 *
 * @param model     the model's name
 * @param partition the partition's key (a register key, a lock name); empty when the model
 *                  does not partition
 * @param operation the operation that cannot be linearized after any longest prefix
 * @param prefixes  the longest linearizable prefixes reached (a few, with distinct states)
 */
public record Counterexample(String model, String partition, Call operation, List<Prefix> prefixes)
        implements Evidence {

    public Counterexample {
        prefixes = List.copyOf(prefixes);
    }

    /**
     * One operation as it appears in a counterexample.
     *
     * @param process       the client process
     * @param type          {@code ok}, {@code fail} or {@code info}
     * @param f             the function
     * @param value         the invocation's value
     * @param result        the completion's value; null when it never completed
     * @param call          how the model reads it
     * @param invokeIndex   the invocation's event index in the history
     * @param completeIndex the completion's event index; -1 when it never completed
     */
    public record Call(String process, String type, String f, String value, String result, String call,
                       int invokeIndex, int completeIndex) {

        @Override
        public String toString() {
            String events = completeIndex < 0 ? "event " + invokeIndex + ", never completed"
                    : "events " + invokeIndex + ".." + completeIndex;
            return "process " + process + " :" + f + " " + value + " -> :" + type
                    + (result == null ? "" : " " + result) + " (" + events + ")";
        }
    }

    /**
     * A longest linearizable prefix.
     *
     * @param linearized   how many operations the prefix holds
     * @param operations   how many operations the partition holds
     * @param last         the prefix's last operations, in linearization order (at most 10)
     * @param state        the model's state after the prefix
     * @param reason       why the stuck operation cannot follow, in the model's words
     * @param pending      operations invoked but not linearized at that point (at most 20)
     * @param pendingTotal how many operations were pending in all (counted up to 64)
     */
    public record Prefix(int linearized, int operations, List<Call> last, String state, String reason,
                         List<Call> pending, int pendingTotal) {

        public Prefix {
            last = List.copyOf(last);
            pending = List.copyOf(pending);
        }
    }

    @Override
    public String explanation() {
        Prefix first = prefixes.get(0);
        return where() + operation + " cannot be linearized: after the longest linearizable prefix ("
                + first.linearized() + " of " + first.operations() + " operations) the state is "
                + first.state() + ", and " + first.reason() + ".";
    }

    private String where() {
        return "model " + model + (partition.isEmpty() ? ": " : ", partition '" + partition + "': ");
    }

    /** A multi-line text rendering for reports and the command line. */
    public String render() {
        StringBuilder out = new StringBuilder(where()).append("cannot linearize ").append(operation).append('\n');
        for (int i = 0; i < prefixes.size(); i++) {
            Prefix p = prefixes.get(i);
            out.append("  longest linearizable prefix ").append(i + 1).append(": ")
                    .append(p.linearized()).append(" of ").append(p.operations()).append(" operations, ending with:\n");
            for (Call c : p.last()) {
                out.append("      ").append(c.call()).append("   <- ").append(c).append('\n');
            }
            out.append("    state then: ").append(p.state()).append('\n')
                    .append("    why the operation cannot follow: ").append(p.reason()).append('\n')
                    .append("    pending then (").append(p.pendingTotal()).append("):\n");
            for (Call c : p.pending()) {
                out.append("      ").append(c).append('\n');
            }
        }
        return out.toString();
    }
}
