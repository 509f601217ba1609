package io.lockchaos.faults.link;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A link fault in force. {@link #close()} heals it; closing again, or after
 * {@link ToxiproxyLinks#healAll()} removed it already, does nothing more.
 */
public final class ActiveLinkFault implements AutoCloseable {

    /** What undoes the fault through the proxy API. */
    @FunctionalInterface
    interface Heal {
        void run() throws IOException;
    }

    private final String description;
    private final Heal heal;
    private final AtomicBoolean healed = new AtomicBoolean();

    ActiveLinkFault(String description, Heal heal) {
        this.description = description;
        this.heal = heal;
    }

    /** What the fault is, e.g. {@code latency 200 ms ± 50 ms downstream on redis-1 (latency-downstream-3)}. */
    public String description() {
        return description;
    }

    /** Whether {@link #close()} has run. */
    public boolean isHealed() {
        return healed.get();
    }

    /**
     * Heals the fault: removes its toxics, or re-enables its proxy. A toxic or proxy that is
     * gone already (a {@code healAll}, a removed proxy) counts as healed.
     *
     * @throws LinkFaultException when the proxy API does not answer; the fault may still be in force
     */
    @Override
    public void close() {
        if (!healed.compareAndSet(false, true)) {
            return;
        }
        try {
            heal.run();
        } catch (FileNotFoundException alreadyGone) {
            // The API answered 404: the toxic or proxy no longer exists, which is what healing wants.
            return;
        } catch (IOException e) {
            healed.set(false);
            throw new LinkFaultException("could not heal " + description + ": " + e.getMessage()
                    + "; is the proxy container still running? ToxiproxyLinks.healAll() retries every proxy", e);
        }
    }

    @Override
    public String toString() {
        return description + (isHealed() ? " (healed)" : "");
    }
}
