package io.lockchaos.workloads.postgres;

import io.lockchaos.workloads.lock.GrantWatch;
import io.lockchaos.workloads.lock.LossListener;
import java.util.ArrayList;
import java.util.List;

/**
 * The watch of one grant taken on a {@link PgSession}: an advisory lock lives as long as the
 * server's backend of that session, so the grant is lost once the session's connection has
 * failed while it was held. pgjdbc has no callback for that: it says so only when a call on the connection fails
 * (a socket timeout, a reset) or the connection is found closed, so this watch tells at that
 * moment, which for a holder that does not use the lock's connection in its critical section is
 * its release.
 */
final class SessionWatch implements GrantWatch {

    private final List<LossListener> listeners = new ArrayList<>();
    private String reason;

    @Override
    public synchronized boolean definitelyLost() {
        return reason != null;
    }

    @Override
    public void whenLost(LossListener listener) {
        String known;
        synchronized (this) {
            known = reason;
            if (known == null) {
                listeners.add(listener);
                return;
            }
        }
        listener.lost(known);
    }

    /** Marks the session's grants lost with {@code why} and tells each listener once. */
    void lost(String why) {
        List<LossListener> told;
        synchronized (this) {
            if (reason != null) {
                return;
            }
            reason = why;
            told = List.copyOf(listeners);
            listeners.clear();
        }
        told.forEach(l -> l.lost(why));
    }
}
