package io.lockchaos.faults.proxy;

/**
 * A toxic's attributes: an immutable record whose components are exactly the {@code attributes}
 * object of Toxiproxy's JSON (Jackson maps one to the other). {@link #start} puts the toxic to work
 * on one link.
 */
sealed interface Toxic
        permits LatencyToxic, BandwidthToxic, SlowCloseToxic, TimeoutToxic, ResetPeerToxic,
                SlicerToxic, LimitDataToxic {

    /** A new effect of this toxic on one link; may start timers through {@code link}. */
    Effect start(LinkControl link);
}
