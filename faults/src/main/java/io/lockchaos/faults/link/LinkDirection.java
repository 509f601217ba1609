package io.lockchaos.faults.link;

import eu.rekawek.toxiproxy.model.ToxicDirection;
import java.util.List;

/** Which way a toxic acts: on requests (client to server), replies (server to client), or both. */
public enum LinkDirection {
    /** Client to server: Toxiproxy's {@code upstream}. */
    UPSTREAM(List.of(ToxicDirection.UPSTREAM)),
    /** Server to client: Toxiproxy's {@code downstream} (its default). */
    DOWNSTREAM(List.of(ToxicDirection.DOWNSTREAM)),
    /** Both ways: one toxic per direction. */
    BOTH(List.of(ToxicDirection.UPSTREAM, ToxicDirection.DOWNSTREAM));

    private final List<ToxicDirection> streams;

    LinkDirection(List<ToxicDirection> streams) {
        this.streams = streams;
    }

    /** The Toxiproxy streams this direction puts a toxic on. */
    List<ToxicDirection> streams() {
        return streams;
    }
}
