package io.lockchaos.workloads.lock;

/**
 * A capability: the client can learn that a grant is definitely lost and says so through
 * {@link Grant#lost()} (Curator's cautious lock on SUSPENDED or LOST). The worker loop then
 * skips the critical section.
 */
public interface LossDetection {

    /** What makes a grant lost, for reports. */
    String lossSignal();
}
