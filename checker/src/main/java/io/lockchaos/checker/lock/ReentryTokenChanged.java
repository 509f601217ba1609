package io.lockchaos.checker.lock;

import io.lockchaos.checker.Evidence;

/**
 * A reentry (the holder of a reentrant lock granted it again) that carried another token than
 * the hold it re-entered: the lock promises the same token back ({@code same-token}).
 *
 * @param lock    the lock
 * @param hold    the grant that began the hold
 * @param reentry the grant to the same process while it held the lock
 */
public record ReentryTokenChanged(String lock, GrantedToken hold, GrantedToken reentry) implements Evidence {

    @Override
    public String explanation() {
        return "Process " + reentry.process() + " held " + Sentences.display(lock) + " with token " + hold.token()
                + " (granted at " + Sentences.at(hold.grantedAt()) + ") and asked for it again at "
                + Sentences.at(reentry.invokedAt()) + ": it was granted token " + reentry.token() + " at "
                + Sentences.at(reentry.grantedAt()) + ", not " + hold.token()
                + "; a reentry must give back the token of the hold it re-enters.";
    }
}
