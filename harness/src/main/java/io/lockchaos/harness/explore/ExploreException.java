package io.lockchaos.harness.explore;

import io.lockchaos.history.LockchaosException;

/**
 * An exploration, shard or shrink that cannot go on: a bad option, an unreadable results folder,
 * a file that cannot be written. The message names the option or file and what to do.
 */
public final class ExploreException extends LockchaosException {

    public ExploreException(String message) {
        super(message);
    }

    public ExploreException(String message, Throwable cause) {
        super(message, cause);
    }
}
