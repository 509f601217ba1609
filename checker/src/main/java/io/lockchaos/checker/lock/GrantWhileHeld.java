package io.lockchaos.checker.lock;

import io.lockchaos.checker.Evidence;
import io.lockchaos.checker.linear.Counterexample;

/**
 * Two grants of one lock to different processes that overlap whatever their order, on an
 * owner mutex (only the holder releases): the holder's acquire completed before the
 * intruder's, and the holder invoked no release of the lock until after the intruder's grant
 * completed; nor can the intruder's grant come first, since it was invoked after the holder's
 * completed or the intruder likewise invoked no release until after the holder's grant.
 *
 * @param model            the lock model's name
 * @param lock             the lock
 * @param holder           the acquire that completed first
 * @param intruder         the acquire granted while the holder held the lock
 * @param holderRelease    the holder's next release of the lock; null when it invoked none
 * @param intruderRelease  the intruder's next release of the lock; null when it invoked none
 * @param intruderReleases whether the intruder's releases count: false when it left one
 *                         indeterminate before its grant (then its grant cannot come first
 *                         only because it was invoked after the holder's completed)
 */
public record GrantWhileHeld(String model, String lock, Counterexample.Call holder, Counterexample.Call intruder,
                             Counterexample.Call holderRelease, Counterexample.Call intruderRelease,
                             boolean intruderReleases) implements Evidence {

    @Override
    public String explanation() {
        String name = Sentences.display(lock);
        String p = "process " + holder.process();
        String q = "process " + intruder.process();
        return "model " + model + ": " + q + " was granted " + name + " (events " + intruder.invokeIndex() + ".."
                + intruder.completeIndex() + ") while " + name + " was already held by " + p + ": " + p
                + "'s acquire (events " + holder.invokeIndex() + ".." + holder.completeIndex() + ") completed first and "
                + p + " " + nextRelease(holderRelease, name, intruder.completeIndex()) + "; nor can " + q
                + "'s grant come first, since " + intruderFirst(name, p, q)
                + ". Only the holder releases " + name + ", so no order of these operations is possible.";
    }

    private String intruderFirst(String name, String p, String q) {
        if (intruder.invokeIndex() > holder.completeIndex()) {
            return q + " invoked its acquire after " + p + "'s completed";
        }
        return q + " " + nextRelease(intruderRelease, name, holder.completeIndex());
    }

    private static String nextRelease(Counterexample.Call release, String name, int after) {
        return release == null ? "never invoked a release of " + name + " after it"
                : "invoked its next release of " + name + " only at event " + release.invokeIndex()
                        + ", after event " + after;
    }
}
