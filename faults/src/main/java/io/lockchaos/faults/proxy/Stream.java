package io.lockchaos.faults.proxy;

import java.util.Locale;
import java.util.Optional;

/**
 * The direction of one half of a proxied connection. {@code upstream} carries what the client
 * sends to the server, {@code downstream} what the server sends back. Toxics act on one of them.
 */
enum Stream {
    UPSTREAM,
    DOWNSTREAM;

    /** The name Toxiproxy's API uses: {@code upstream} or {@code downstream}. */
    String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a wire name, ignoring case as Toxiproxy does. */
    static Optional<Stream> parse(String wireName) {
        for (Stream stream : values()) {
            if (stream.wireName().equalsIgnoreCase(wireName)) {
                return Optional.of(stream);
            }
        }
        return Optional.empty();
    }
}
