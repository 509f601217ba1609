package io.lockchaos.faults.nemesis;

import io.lockchaos.history.Value;
import io.lockchaos.history.ops.NemesisOps;
import io.lockchaos.faults.schedule.FaultKind;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The injector side of one {@link FaultKind} (its data is a {@link io.lockchaos.faults.schedule.FaultSpec}
 * record, its grammar the kind's): the names a cluster offers it (the capability it needs), and its
 * part of the final sweep. Its inject, which {@code Dispatch} hands each fault to with the targets
 * checked, returns the heal; the operations it records and the report's band for them are its
 * inject's {@code start-BAND}/{@code stop-BAND} ({@link NemesisOps}). {@link #of} is the registry:
 * one line per kind.
 */
public interface FaultPackage {

    /**
     * The package of {@code kind}: an exhaustive {@code switch}, so a kind without a package does
     * not compile.
     */
    static FaultPackage of(FaultKind kind) {
        return switch (kind) {
            case PAUSE -> new PauseFault();
            case CLOCK -> new ClockFault();
            case KILL -> new KillFault();
            case PARTITION -> new PartitionFault();
            case LINK -> new LinkFault();
            case FAILOVER -> new FailoverFault();
            case CUT_OFF -> new CutOffFault();
            case STARVE -> new StarveFault();
        };
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
     * When a sweep runs on a node: first what gives its process its speed back (the CPU quota: every
     * later sweep may {@code docker exec} into it, and a starved node runs each slowly, past their
     * deadlines), then what makes it run again (resume, start), then what is set inside a running
     * node (its clock offset file, its iptables rules).
     */
    enum Stage {
        SPEED, PROCESS, SETTINGS
    }
}
