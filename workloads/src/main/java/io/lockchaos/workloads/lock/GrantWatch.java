package io.lockchaos.workloads.lock;

/**
 * Whether a grant is definitely lost: Curator's cautious lock turns this on when its
 * connection goes SUSPENDED or LOST. Most locks cannot tell and use {@link #NEVER}.
 */
@FunctionalInterface
public interface GrantWatch {

    /** A lock that never learns of a loss: only its lease (if any) says when it ends. */
    GrantWatch NEVER = () -> false;

    boolean definitelyLost();
}
