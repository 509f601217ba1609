package io.lockchaos.faults.nemesis;

import io.lockchaos.faults.schedule.FaultMenu;
import io.lockchaos.faults.schedule.FaultSpec;

/**
 * Injects faults into a cluster for real and heals them. Every injection and heal is
 * recorded as a {@code :nemesis} operation.
 * <pre>{@code
 * try (ActiveFault cut = nemesis.inject(new FaultSpec.Partition(ISOLATE, List.of("zk-2")))) {
 *     ... // zk-2 is cut off
 * }   // healed
 * }</pre>
 */
public interface Nemesis {

    /**
     * Injects {@code fault} and returns it in force.
     *
     * @throws FaultNotSupportedException when a target does not exist or cannot take it
     * @throws NemesisException when the injection failed (what it did is healed)
     */
    ActiveFault inject(FaultSpec fault);

    /**
     * Heals every fault this nemesis injected, then removes whatever else of lockchaos's is
     * left on the nodes: tagged iptables rules, stopped processes, clock offsets, killed
     * servers. Safe to call at any time and more than once.
     */
    void healAll();

    /** What the nodes support, for random schedules. */
    FaultMenu menu();
}
