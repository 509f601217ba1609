package io.lockchaos.faults.link;

import eu.rekawek.toxiproxy.model.Toxic;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import eu.rekawek.toxiproxy.model.ToxicList;
import java.io.IOException;
import java.time.Duration;

/** A toxic kind with its attributes, in Toxiproxy's vocabulary. */
public sealed interface LinkToxic {

    /** Toxiproxy's type name, e.g. {@code latency}; also the first part of the toxic's name. */
    String kind();

    /** Creates this toxic called {@code name} on {@code stream} of the proxy {@code toxics} belong to. */
    Toxic create(ToxicList toxics, String name, ToxicDirection stream) throws IOException;

    /** Data is delayed by {@code latency} ± {@code jitter}. */
    record Latency(Duration latency, Duration jitter) implements LinkToxic {
        public Latency {
            requireNonNegative("latency", latency);
            requireNonNegative("jitter", jitter);
        }

        @Override
        public String kind() {
            return "latency";
        }

        @Override
        public Toxic create(ToxicList toxics, String name, ToxicDirection stream) throws IOException {
            return toxics.latency(name, stream, latency.toMillis()).setJitter(jitter.toMillis());
        }
    }

    /** Data flows at most {@code kilobytesPerSecond} KB/s. */
    record Bandwidth(long kilobytesPerSecond) implements LinkToxic {
        public Bandwidth {
            if (kilobytesPerSecond < 0) {
                throw new IllegalArgumentException("bandwidth is " + kilobytesPerSecond + " KB/s; it must be >= 0");
            }
        }

        @Override
        public String kind() {
            return "bandwidth";
        }

        @Override
        public Toxic create(ToxicList toxics, String name, ToxicDirection stream) throws IOException {
            return toxics.bandwidth(name, stream, kilobytesPerSecond);
        }
    }

    /**
     * Data is swallowed and the connection closed after {@code timeout}; with a zero timeout
     * it is never closed (a blackhole). Removing the toxic closes the connections it held.
     */
    record Timeout(Duration timeout) implements LinkToxic {
        public Timeout {
            requireNonNegative("timeout", timeout);
        }

        @Override
        public String kind() {
            return "timeout";
        }

        @Override
        public Toxic create(ToxicList toxics, String name, ToxicDirection stream) throws IOException {
            return toxics.timeout(name, stream, timeout.toMillis());
        }
    }

    /** The connection is reset (TCP RST) after {@code timeout}, or at the first data when zero. */
    record ResetPeer(Duration timeout) implements LinkToxic {
        public ResetPeer {
            requireNonNegative("timeout", timeout);
        }

        @Override
        public String kind() {
            return "reset_peer";
        }

        @Override
        public Toxic create(ToxicList toxics, String name, ToxicDirection stream) throws IOException {
            return toxics.resetPeer(name, stream, timeout.toMillis());
        }
    }

    private static void requireNonNegative(String what, Duration value) {
        if (value == null || value.isNegative()) {
            throw new IllegalArgumentException(what + " is " + value + "; it must be zero or more");
        }
    }
}
