package io.lockchaos.faults.nemesis;

import io.lockchaos.faults.schedule.CpuShare;
import java.util.Optional;

/**
 * A node whose processes' CPU time can be capped (its container's CPU quota): under a small
 * share the process keeps running, slowly, unlike a pause. The limit is read from the node,
 * never remembered.
 */
public interface Starvable extends FaultNode {

    /** The share of one CPU the node may use now; empty when it is not limited. */
    Optional<CpuShare> cpuLimit();

    /** Sets the share of one CPU the node may use; empty lifts the limit. */
    void setCpuLimit(Optional<CpuShare> share);
}
