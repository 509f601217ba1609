package io.lockchaos.workloads.zk;

import io.lockchaos.workloads.lock.GrantWatch;
import io.lockchaos.workloads.lock.LossListener;
import java.util.ArrayList;
import java.util.List;

/**
 * One grant's loss as Curator tells it: set once, by Curator's connection state listener
 * (SUSPENDED or LOST), which then tells every {@link LossListener} on that thread; a listener
 * added later is told at once. Only a heeded flag ({@code curator-cautious}) makes the grant
 * {@link #definitelyLost()}; the plain {@code curator} holder is told (the notice is recorded)
 * and goes on as a user who does not listen would. Thread-safe.
 */
final class LossFlag implements GrantWatch {

    private final List<LossListener> listeners = new ArrayList<>();
    private final boolean heeded;
    private String reason;

    /** A flag whose holder stops at the loss when {@code heeded}. */
    LossFlag(boolean heeded) {
        this.heeded = heeded;
    }

    /** Marks the grant lost for {@code why}; only the first call tells the listeners. */
    void lose(String why) {
        List<LossListener> tell;
        synchronized (this) {
            if (reason != null) {
                return;
            }
            reason = why;
            tell = List.copyOf(listeners);
        }
        tell.forEach(l -> l.lost(why));
    }

    @Override
    public synchronized boolean definitelyLost() {
        return heeded && reason != null;
    }

    @Override
    public void whenLost(LossListener listener) {
        String already;
        synchronized (this) {
            already = reason;
            if (already == null) {
                listeners.add(listener);
            }
        }
        if (already != null) {
            listener.lost(already);
        }
    }
}
