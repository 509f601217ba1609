package io.lockchaos.faults.proxy;

import java.util.Optional;

/** The toxic types this server knows, by their Toxiproxy names, with their attribute records. */
enum ToxicType {
    LATENCY("latency", LatencyToxic.class),
    BANDWIDTH("bandwidth", BandwidthToxic.class),
    SLOW_CLOSE("slow_close", SlowCloseToxic.class),
    TIMEOUT("timeout", TimeoutToxic.class),
    RESET_PEER("reset_peer", ResetPeerToxic.class),
    SLICER("slicer", SlicerToxic.class),
    LIMIT_DATA("limit_data", LimitDataToxic.class);

    private final String wireName;
    private final Class<? extends Toxic> attributes;

    ToxicType(String wireName, Class<? extends Toxic> attributes) {
        this.wireName = wireName;
        this.attributes = attributes;
    }

    String wireName() {
        return wireName;
    }

    /** The record the {@code attributes} JSON object is read into. */
    Class<? extends Toxic> attributes() {
        return attributes;
    }

    /** The type named exactly {@code wireName} (Toxiproxy's type names are case-sensitive). */
    static Optional<ToxicType> parse(String wireName) {
        for (ToxicType type : values()) {
            if (type.wireName.equals(wireName)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }
}
