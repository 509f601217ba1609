package io.lockchaos.checker.lock;

import java.util.Optional;

/**
 * What can tell a run's lock holders that their grant is gone, as the run's lock backend declares
 * it: so that a window whose holder heard nothing says whether its library stayed silent
 * ("never told") or has no way to tell at all. A history checked on its own has none of this.
 *
 * @param backend the lock backend's name ({@code spring-jdbc})
 * @param from    what tells, in words ("Curator's connection state SUSPENDED or LOST"); empty: nothing can
 */
public record LossNotice(String backend, Optional<String> from) {

    /** Whether the backend can tell a holder at all. */
    public boolean canTell() {
        return from.isPresent();
    }

    /** What a window whose holder heard nothing says: "it was never told", or that the backend cannot tell. */
    public String neverTold() {
        return canTell() ? UnsafeWindow.NEVER_TOLD : "it could not be told (" + backend + " has no loss notice)";
    }
}
