package io.lockchaos.faults.nemesis;

import io.lockchaos.history.Value;
import io.lockchaos.faults.schedule.FaultKind;
import io.lockchaos.faults.schedule.FaultParser;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Everything about one kind of fault but its data ({@link io.lockchaos.faults.schedule.FaultSpec}'s
 * records) and its inject, which {@code Dispatch} hands over with the targets checked: the lines
 * it reads, how a random schedule draws it, the names a cluster offers it (the capability it
 * needs), and its part of the final sweep. The operations it records and the report's band for
 * them are its inject's {@code start-BAND}/{@code stop-BAND} ({@link NemesisOps}). Each package is
 * registered by one line of {@link FaultKind}, whose order every list built from them keeps.
 */
public interface FaultPackage {

    /** The fault lines it reads: {@code pause TARGETS}, {@code clock TARGETS +OFFSET}, .... */
    List<FaultParser.Form> forms();

    /** How a random schedule draws its faults; empty when it never draws them. */
    default Optional<FaultKind.Drawing> drawing() {
        return Optional.empty();
    }

    /**
     * The names a random schedule may aim it at in {@code targets}: the nodes with the capability
     * it needs (none: not offered, which is also so for a package that is never drawn).
     */
    default List<String> offered(FaultTargets targets) {
        return List.of();
    }

    /** Its part of the final sweep of each node, if it leaves anything on nodes. */
    default Optional<Sweep> sweep() {
        return Optional.empty();
    }

    /**
     * What it removes beyond the nodes in the final sweep (the proxy's toxics), as entries of the
     * {@code heal-all} op; none by default.
     */
    default Map<Value, Value> sweepBeyondNodes(FaultTargets targets) {
        return Map.of();
    }

    /**
     * A package's part of the final sweep: {@code undo} heals one node and says whether it had
     * to; the {@code heal-all} op lists those nodes under {@code key}.
     */
    record Sweep(String key, Stage stage, Predicate<FaultNode> undo) {
    }

    /**
     * When a sweep runs on a node: first what makes its process run again (resume, start), then
     * what is set inside a running node (its clock offset file, its iptables rules).
     */
    enum Stage {
        PROCESS, SETTINGS
    }
}
