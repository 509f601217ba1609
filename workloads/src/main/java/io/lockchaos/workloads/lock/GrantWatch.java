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

    /**
     * Has the client tell {@code listener}, once, on the library's own thread and at the moment
     * it learns the grant is lost (at once when it knows already). A watch that cannot learn
     * never tells, which is what this default does.
     */
    default void whenLost(LossListener listener) {
    }
}
