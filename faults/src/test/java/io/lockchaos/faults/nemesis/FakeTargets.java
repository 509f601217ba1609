package io.lockchaos.faults.nemesis;

import java.util.List;
import java.util.Optional;

/** Fake nodes as fault targets, with an optional primary. */
record FakeTargets(List<FaultNode> nodes, Optional<HasPrimary> primary) implements FaultTargets {

    static FakeTargets of(FaultNode... nodes) {
        return new FakeTargets(List.of(nodes), Optional.empty());
    }
}
