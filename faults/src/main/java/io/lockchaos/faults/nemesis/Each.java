package io.lockchaos.faults.nemesis;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs one action on every node even when some fail, then throws one
 * {@link NemesisException} that names each node that failed (the others' causes suppressed).
 * A heal must reach every node it can.
 */
final class Each {

    private Each() {
    }

    static <N extends FaultNode> void node(List<N> nodes, String what, Consumer<N> action) {
        List<RuntimeException> failures = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (N node : nodes) {
            try {
                action.accept(node);
            } catch (RuntimeException e) {
                failures.add(e);
                failed.add(node.name() + ": " + e.getMessage());
            }
        }
        if (!failures.isEmpty()) {
            NemesisException e = new NemesisException("could not " + what + " on " + failed, failures.get(0));
            failures.subList(1, failures.size()).forEach(e::addSuppressed);
            throw e;
        }
    }

    /** Runs every action, then throws the first failure with the others suppressed. */
    static void all(String what, List<Runnable> actions) {
        List<RuntimeException> failures = new ArrayList<>();
        for (Runnable action : actions) {
            try {
                action.run();
            } catch (RuntimeException e) {
                failures.add(e);
            }
        }
        if (!failures.isEmpty()) {
            NemesisException e = new NemesisException("could not " + what + ": " + failures.get(0).getMessage(),
                    failures.get(0));
            failures.subList(1, failures.size()).forEach(e::addSuppressed);
            throw e;
        }
    }

    static List<String> names(List<? extends FaultNode> nodes) {
        return nodes.stream().map(FaultNode::name).toList();
    }
}
